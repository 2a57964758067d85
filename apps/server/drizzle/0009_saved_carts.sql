-- Issue 20 part A: saved carts (requisition lists), a named copy of a cart's lines kept per
-- organization and branch (hand-written; declared at the end of src/db/schema.ts). Lines keep SKU
-- and quantity only: a saved cart is priced again when it is loaded. Valid on PostgreSQL 15 and PGlite.
CREATE TABLE IF NOT EXISTS "saved_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"catalog_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_carts" ADD CONSTRAINT "saved_carts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_carts" ADD CONSTRAINT "saved_carts_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_carts" ADD CONSTRAINT "saved_carts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "saved_carts" ADD CONSTRAINT "saved_carts_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "saved_carts_org_branch_idx" ON "saved_carts" USING btree ("organization_id","branch_id","id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "saved_cart_lines" (
	"saved_cart_id" integer NOT NULL,
	"position" integer NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "saved_cart_lines_saved_cart_id_position_pk" PRIMARY KEY("saved_cart_id","position")
);
--> statement-breakpoint
ALTER TABLE "saved_cart_lines" ADD CONSTRAINT "saved_cart_lines_saved_cart_id_saved_carts_id_fk" FOREIGN KEY ("saved_cart_id") REFERENCES "public"."saved_carts"("id") ON DELETE cascade ON UPDATE no action;
