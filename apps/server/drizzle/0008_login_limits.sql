-- Login throttling as counters (issue 17 finding 5). One row per key (`pair:<address> <email>` and
-- `address:<address>`), claimed by a single INSERT ... ON CONFLICT DO UPDATE ... RETURNING before the
-- password is checked, so the check and the record are one atomic step: twenty concurrent attempts
-- take twenty distinct counts and only those within the limit reach the password check. The window
-- restarts when a claim comes after it has passed. Valid on PostgreSQL 15 and PGlite.
CREATE TABLE IF NOT EXISTS "login_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"email" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_limits_email_idx" ON "login_limits" USING btree ("email");
