CREATE SEQUENCE "public"."order_document_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 5000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"branch_number" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_products" (
	"catalog_id" text NOT NULL,
	"sku" text NOT NULL,
	CONSTRAINT "catalog_products_catalog_id_sku_pk" PRIMARY KEY("catalog_id","sku")
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"price_list_id" integer NOT NULL,
	"ships_only_from" text
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"confirmation_number" text PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"cart" jsonb NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_intent_id" text,
	"payment_intent_secret" text,
	"on_account" boolean DEFAULT false NOT NULL,
	"cash_order" boolean DEFAULT false NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_mailbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_badges" (
	"badge_id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"zip" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"badge" jsonb NOT NULL,
	"allow_marketing" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"sku" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity_ordered" integer NOT NULL,
	"quantity_shipped" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"is_labor" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_lines_order_id_line_number_pk" PRIMARY KEY("order_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_number" bigint NOT NULL,
	"confirmation_number" text NOT NULL,
	"organization_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"entered_by_user_id" integer,
	"catalog_id" text,
	"purchase_order_number" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"status_code" integer DEFAULT 10 NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"shipped_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"invoiced_at" timestamp with time zone,
	"expected_ship_date" date,
	"bill_to" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ship_to_name" text DEFAULT '' NOT NULL,
	"ship_to_address1" text DEFAULT '' NOT NULL,
	"ship_to_address2" text DEFAULT '' NOT NULL,
	"ship_to_address3" text DEFAULT '' NOT NULL,
	"ship_to_city" text DEFAULT '' NOT NULL,
	"ship_to_state" text DEFAULT '' NOT NULL,
	"ship_to_postal_code" text DEFAULT '' NOT NULL,
	"ship_to_email" text DEFAULT '' NOT NULL,
	"ship_to_phone" text DEFAULT '' NOT NULL,
	"notice_cents" integer DEFAULT 0 NOT NULL,
	"forklift_cents" integer DEFAULT 0 NOT NULL,
	"liftgate_cents" integer DEFAULT 0 NOT NULL,
	"residential_cents" integer DEFAULT 0 NOT NULL,
	"delivery_access_surcharge_cents" integer DEFAULT 0 NOT NULL,
	"limited_access_cents" integer DEFAULT 0 NOT NULL,
	"dock_hold_cents" integer DEFAULT 0 NOT NULL,
	"other_cents" integer DEFAULT 0 NOT NULL,
	"tax_cents" integer DEFAULT 0 NOT NULL,
	"order_cents" integer DEFAULT 0 NOT NULL,
	"shipvia" text DEFAULT '' NOT NULL,
	"on_account" boolean DEFAULT false NOT NULL,
	"cash_order" boolean DEFAULT false NOT NULL,
	"taken_by" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"shipping_instructions" text DEFAULT '' NOT NULL,
	"tax_certificate_number" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_catalogs" (
	"organization_id" integer NOT NULL,
	"catalog_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organization_catalogs_organization_id_catalog_id_pk" PRIMARY KEY("organization_id","catalog_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"allow_badge_scan" boolean DEFAULT false NOT NULL,
	"allow_cash_sales" boolean DEFAULT false NOT NULL,
	"allow_price_override" boolean DEFAULT false NOT NULL,
	"allow_on_account" boolean DEFAULT false NOT NULL,
	"allow_terminals" boolean DEFAULT false NOT NULL,
	"allow_taken_by" boolean DEFAULT false NOT NULL,
	"allow_card_payments" boolean DEFAULT false NOT NULL,
	"is_taxable" boolean DEFAULT false NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"fee_forklift_cents" integer DEFAULT 0 NOT NULL,
	"fee_liftgate_cents" integer DEFAULT 0 NOT NULL,
	"fee_residential_cents" integer DEFAULT 0 NOT NULL,
	"fee_notice_cents" integer DEFAULT 0 NOT NULL,
	"price_list_id" integer
);
--> statement-breakpoint
CREATE TABLE "password_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"token_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_list_items" (
	"price_list_id" integer NOT NULL,
	"sku" text NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "price_list_items_price_list_id_sku_pk" PRIMARY KEY("price_list_id","sku")
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"sku" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"medium_description" text DEFAULT '' NOT NULL,
	"long_description" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specifications" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"in_the_box" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"downloads" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"msrp_cents" integer NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"requires_geo_warehouse" boolean DEFAULT false NOT NULL,
	"requires_flatbed" boolean DEFAULT false NOT NULL,
	"requires_fork_lift" boolean DEFAULT false NOT NULL,
	"requires_lift_gate" boolean DEFAULT false NOT NULL,
	"requires_residential" boolean DEFAULT false NOT NULL,
	"is_small_parcel" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"warehouse_code" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"receipt_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"sku" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity_shipped" integer NOT NULL,
	CONSTRAINT "shipment_lines_shipment_id_line_number_pk" PRIMARY KEY("shipment_id","line_number")
);
--> statement-breakpoint
CREATE TABLE "shipment_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"shipment_number" integer NOT NULL,
	"status_code" integer NOT NULL,
	"expected_ship_date" date,
	"shipped_date" date,
	"scac" text DEFAULT '' NOT NULL,
	"scac_label" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"warehouse_code" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "stock_sku_warehouse_code_pk" PRIMARY KEY("sku","warehouse_code")
);
--> statement-breakpoint
CREATE TABLE "taken_bys" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" text PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_branches" (
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	CONSTRAINT "user_branches_user_id_branch_id_pk" PRIMARY KEY("user_id","branch_id")
);
--> statement-breakpoint
CREATE TABLE "user_catalogs" (
	"user_id" integer NOT NULL,
	"catalog_id" text NOT NULL,
	CONSTRAINT "user_catalogs_user_id_catalog_id_pk" PRIMARY KEY("user_id","catalog_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"restricted_pricing" boolean DEFAULT false NOT NULL,
	"limit_order_history" boolean DEFAULT false NOT NULL,
	"allow_cash_sales" boolean DEFAULT false NOT NULL,
	"use_organization_branches" boolean DEFAULT false NOT NULL,
	"use_organization_roles" boolean DEFAULT false NOT NULL,
	"use_organization_catalogs" boolean DEFAULT true NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"sub_confirmation" text DEFAULT '' NOT NULL,
	"sub_shipping" text DEFAULT '' NOT NULL,
	"sub_invoice" text DEFAULT '' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_states" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_products" ADD CONSTRAINT "catalog_products_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_entered_by_user_id_users_id_fk" FOREIGN KEY ("entered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_catalogs" ADD CONSTRAINT "organization_catalogs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_catalogs" ADD CONSTRAINT "organization_catalogs_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_challenges" ADD CONSTRAINT "password_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_items" ADD CONSTRAINT "price_list_items_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_receipts" ADD CONSTRAINT "scheduled_receipts_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_receipts" ADD CONSTRAINT "scheduled_receipts_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_warehouse_code_warehouses_code_fk" FOREIGN KEY ("warehouse_code") REFERENCES "public"."warehouses"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taken_bys" ADD CONSTRAINT "taken_bys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_branches" ADD CONSTRAINT "user_branches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_branches" ADD CONSTRAINT "user_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_catalogs" ADD CONSTRAINT "user_catalogs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_catalogs" ADD CONSTRAINT "user_catalogs_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "branches_org_number_idx" ON "branches" USING btree ("organization_id","branch_number");--> statement-breakpoint
CREATE INDEX "catalog_products_sku_idx" ON "catalog_products" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_order_idx" ON "checkouts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_payment_intent_idx" ON "checkouts" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "dev_mailbox_to_idx" ON "dev_mailbox" USING btree ("to_address","id");--> statement-breakpoint
CREATE INDEX "leads_org_idx" ON "leads" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "login_failures_key_at_idx" ON "login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_idx" ON "mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_document_number_idx" ON "orders" USING btree ("document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_confirmation_number_idx" ON "orders" USING btree ("confirmation_number");--> statement-breakpoint
CREATE INDEX "orders_org_branch_entered_idx" ON "orders" USING btree ("organization_id","branch_id","entered_at");--> statement-breakpoint
CREATE INDEX "orders_org_branch_status_idx" ON "orders" USING btree ("organization_id","branch_id","status_code");--> statement-breakpoint
CREATE INDEX "orders_org_branch_shipped_idx" ON "orders" USING btree ("organization_id","branch_id","shipped_at");--> statement-breakpoint
CREATE INDEX "orders_org_branch_cancelled_idx" ON "orders" USING btree ("organization_id","branch_id","cancelled_at");--> statement-breakpoint
CREATE INDEX "orders_entered_by_idx" ON "orders" USING btree ("entered_by_user_id","entered_at");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "password_challenges_user_idx" ON "password_challenges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "scheduled_receipts_sku_idx" ON "scheduled_receipts" USING btree ("sku","receipt_date");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shipment_packages_shipment_idx" ON "shipment_packages" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_number_idx" ON "shipments" USING btree ("order_id","shipment_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_org_idx" ON "users" USING btree ("organization_id");