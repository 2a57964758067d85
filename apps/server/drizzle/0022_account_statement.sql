-- Issue 36: the Accounting Manager's statement. An organization's credit limit (cents; null means
-- no limit) and the invoices the manufacturer's systems send (PUT /api/integration/invoices,
-- `npm run portal -- import invoices FILE`), upserted by invoice number. Valid on PostgreSQL 15 and PGlite.
ALTER TABLE "organizations" ADD COLUMN "credit_limit_cents" integer;
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"organization_id" integer NOT NULL,
	"document_number" bigint,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"status" text NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('open', 'paid', 'void'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_invoice_number_idx" ON "invoices" USING btree ("invoice_number");
--> statement-breakpoint
CREATE INDEX "invoices_org_status_due_idx" ON "invoices" USING btree ("organization_id","status","due_date");
--> statement-breakpoint
-- What counts against credit (decision 020): on-account orders not yet invoiced, found by document number.
CREATE INDEX "invoices_document_number_idx" ON "invoices" USING btree ("document_number");
