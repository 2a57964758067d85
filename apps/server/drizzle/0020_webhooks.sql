-- Issue 35: outbound events (webhooks) and idempotency keys (docs/decisions/019-outbound-events-and-idempotency.md).
-- Subscriptions of the manufacturer's endpoints; events written in the same transaction as the change
-- that causes them; one delivery row per event and subscription, claimed by the worker with
-- FOR UPDATE SKIP LOCKED like the mail outbox (modules/webhooks/worker.ts); a log of every attempt.
-- Idempotency keys keep the first answer of a keyed POST or PUT for 24 hours
-- (modules/idempotency). Valid on PostgreSQL 15 and PGlite.
CREATE TABLE "webhook_subscriptions" (
  "id" serial PRIMARY KEY NOT NULL,
  "url" text NOT NULL,
  "event_types" text[] NOT NULL,
  "secret" text NOT NULL,
  "disabled" boolean DEFAULT false NOT NULL,
  "disabled_at" timestamp with time zone,
  "disabled_reason" text,
  "consecutive_failures" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
  "id" uuid PRIMARY KEY NOT NULL,
  "type" text NOT NULL,
  "data" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" serial PRIMARY KEY NOT NULL,
  "event_id" uuid NOT NULL,
  "subscription_id" integer NOT NULL,
  "state" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_status" integer,
  "last_error" text,
  "delivered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_attempts" (
  "id" serial PRIMARY KEY NOT NULL,
  "delivery_id" integer NOT NULL,
  "attempt" integer NOT NULL,
  "attempted_at" timestamp with time zone NOT NULL,
  "status_code" integer,
  "duration_ms" integer NOT NULL,
  "response_body" text,
  "error" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
  "caller" text NOT NULL,
  "key" text NOT NULL,
  "request" text NOT NULL,
  "body_hash" text NOT NULL,
  "state" text DEFAULT 'running' NOT NULL,
  "status_code" integer,
  "content_type" text,
  "response_body" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "idempotency_keys_caller_key_request_pk" PRIMARY KEY("caller","key","request")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_id_webhook_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."webhook_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery_attempts" ADD CONSTRAINT "webhook_delivery_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_subscription_idx" ON "webhook_deliveries" USING btree ("event_id","subscription_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "webhook_delivery_attempts_delivery_idx" ON "webhook_delivery_attempts" USING btree ("delivery_id","id");
