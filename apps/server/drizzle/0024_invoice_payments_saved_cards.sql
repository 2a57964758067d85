-- Issue 36: invoices paid by card in the portal ('Pay Selected'), the cards users saved with the
-- payment provider, and a partial index for the credit check's on-account orders not yet invoiced
-- (decision 020). Valid on PostgreSQL 15 and PGlite.
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_number" text NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"payment_intent_secret" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoice_payments_status_check" CHECK ("invoice_payments"."status" in ('pending', 'succeeded', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_payment_number_idx" ON "invoice_payments" USING btree ("payment_number");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_payment_intent_idx" ON "invoice_payments" USING btree ("payment_intent_id");
--> statement-breakpoint
-- The integration API pages succeeded payments by (paid_at, payment_number).
CREATE INDEX "invoice_payments_paid_idx" ON "invoice_payments" USING btree ("paid_at","payment_number");
--> statement-breakpoint
CREATE TABLE "invoice_payment_lines" (
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "invoice_payment_lines_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_payment_lines" ADD CONSTRAINT "invoice_payment_lines_payment_id_invoice_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoice_payments"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_payment_lines" ADD CONSTRAINT "invoice_payment_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "invoice_payment_lines_invoice_idx" ON "invoice_payment_lines" USING btree ("invoice_id");
--> statement-breakpoint
-- Saved cards: only the provider's ids, brand, last four digits and expiry; never a card number.
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"provider_customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_payment_method_idx" ON "saved_cards" USING btree ("payment_method_id");
--> statement-breakpoint
CREATE INDEX "saved_cards_user_idx" ON "saved_cards" USING btree ("user_id");
--> statement-breakpoint
-- One provider customer per user, made when the user first saves a card.
CREATE TABLE "payment_customers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The simulated gateway's customers' cards (as the provider keeps them): the outcome of the test
-- card, never its number.
CREATE TABLE "simulated_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"decline_code" text,
	"decline_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- What counts against credit (decision 020): an organization's on-account orders not yet invoiced,
-- without reading its other orders.
CREATE INDEX "orders_on_account_uninvoiced_idx" ON "orders" USING btree ("organization_id") WHERE "orders"."on_account" AND "orders"."status_code" >= 0 AND "orders"."status_code" < 70;
