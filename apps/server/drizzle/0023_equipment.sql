-- Issue 37: installed equipment, inspections and warranty claims (decision 021). The products'
-- warranty (catalog import column warrantyMonths), the manufacturer's register of serials sold, the
-- dealers' units, their inspections, claims with photos (bytes in the database, decision 021) and
-- status history, and the monthly reminder's (organization, month) claim. Valid on PostgreSQL 15 and PGlite.
ALTER TABLE "products" ADD COLUMN "warranty_months" integer;
--> statement-breakpoint
CREATE TABLE "serial_register" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"organization_id" integer NOT NULL,
	"shipped_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "serial_register" ADD CONSTRAINT "serial_register_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "equipment" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"sku" text NOT NULL,
	"organization_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"order_id" integer,
	"shipped_date" date,
	"installed_on" date,
	"location_name" text DEFAULT '' NOT NULL,
	"location_address" text DEFAULT '' NOT NULL,
	"last_inspected_on" date,
	"registered_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "equipment" ADD CONSTRAINT "equipment_registered_by_user_id_users_id_fk" FOREIGN KEY ("registered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "equipment_serial_number_idx" ON "equipment" USING btree ("serial_number");
--> statement-breakpoint
CREATE INDEX "equipment_org_branch_serial_idx" ON "equipment" USING btree ("organization_id","branch_id","serial_number");
--> statement-breakpoint
CREATE TABLE "equipment_inspections" (
	"id" serial PRIMARY KEY NOT NULL,
	"equipment_id" integer NOT NULL,
	"inspected_on" date NOT NULL,
	"inspector" text NOT NULL,
	"passed" boolean NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"recorded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment_inspections" ADD CONSTRAINT "equipment_inspections_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "equipment_inspections" ADD CONSTRAINT "equipment_inspections_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "equipment_inspections_equipment_idx" ON "equipment_inspections" USING btree ("equipment_id","inspected_on");
--> statement-breakpoint
CREATE TABLE "warranty_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"equipment_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"problem_description" text NOT NULL,
	"under_warranty" boolean NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warranty_claims_status_check" CHECK ("warranty_claims"."status" in ('Submitted', 'In Review', 'Approved', 'Denied', 'Parts Shipped', 'Credited'))
);
--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "warranty_claims" ADD CONSTRAINT "warranty_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "warranty_claims_org_created_idx" ON "warranty_claims" USING btree ("organization_id","created_at");
--> statement-breakpoint
CREATE INDEX "warranty_claims_equipment_idx" ON "warranty_claims" USING btree ("equipment_id");
--> statement-breakpoint
CREATE TABLE "warranty_claim_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warranty_claim_photos" ADD CONSTRAINT "warranty_claim_photos_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "warranty_claim_photos_claim_idx" ON "warranty_claim_photos" USING btree ("claim_id");
--> statement-breakpoint
CREATE TABLE "warranty_claim_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warranty_claim_history" ADD CONSTRAINT "warranty_claim_history_claim_id_warranty_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."warranty_claims"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "warranty_claim_history_claim_idx" ON "warranty_claim_history" USING btree ("claim_id","id");
--> statement-breakpoint
CREATE TABLE "inspection_reminder_months" (
	"organization_id" integer NOT NULL,
	"month" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_reminder_months_organization_id_month_pk" PRIMARY KEY("organization_id","month")
);
--> statement-breakpoint
ALTER TABLE "inspection_reminder_months" ADD CONSTRAINT "inspection_reminder_months_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
