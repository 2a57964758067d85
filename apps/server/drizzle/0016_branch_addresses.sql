-- Issue 34 ("A portal that feels finished"). Valid on PostgreSQL 15 and PGlite.
--
-- Branch ship-to addresses: the address the checkout starts from (organizations/schema.ts). Empty
-- text is "no address" (street1 empty); the country is always US (orders ship within the US).
ALTER TABLE "branches" ADD COLUMN "ship_to_street1" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "ship_to_street2" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "ship_to_city" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "ship_to_state" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "ship_to_postal_code" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Order Search by SKU: the orders holding a line whose SKU starts with the text typed (lower case,
-- as searchCondition writes it), then each order's row by id.
CREATE INDEX IF NOT EXISTS order_lines_sku_idx ON order_lines (lower(sku) text_pattern_ops, order_id);
--> statement-breakpoint
-- Order lists show each order's total (order_cents): the covering indexes of 0002 and 0007 carry it,
-- so Open, Recent and searched orders stay index-only scans.
DROP INDEX IF EXISTS orders_open_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_open_idx ON orders (organization_id, branch_id, entered_at DESC, document_number DESC)
  INCLUDE (
    entered_by_user_id, status_code, purchase_order_number, shipped_at, expected_ship_date, ship_to_name, ship_to_address1, ship_to_address2,
    ship_to_address3, ship_to_city, ship_to_state, ship_to_postal_code, ship_to_email, ship_to_phone, order_cents
  )
  WHERE status_code < 60 AND status_code <> -10;
--> statement-breakpoint
DROP INDEX IF EXISTS orders_search_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_search_idx ON orders (organization_id, branch_id, entered_at DESC, document_number DESC)
  INCLUDE (
    entered_by_user_id, status_code, purchase_order_number, reference, shipped_at, expected_ship_date, ship_to_name, ship_to_address1,
    ship_to_address2, ship_to_address3, ship_to_city, ship_to_state, ship_to_postal_code, ship_to_email, ship_to_phone, order_cents
  );
--> statement-breakpoint
DROP INDEX IF EXISTS orders_recent_shipped_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_recent_shipped_idx ON orders (organization_id, branch_id, shipped_at DESC, document_number DESC)
  INCLUDE (
    entered_by_user_id, status_code, purchase_order_number, entered_at, expected_ship_date, ship_to_name, ship_to_address1, ship_to_address2,
    ship_to_address3, ship_to_city, ship_to_state, ship_to_postal_code, ship_to_email, ship_to_phone, order_cents
  )
  WHERE shipped_at IS NOT NULL;
--> statement-breakpoint
DROP INDEX IF EXISTS orders_recent_cancelled_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_recent_cancelled_idx ON orders (organization_id, branch_id, cancelled_at DESC, document_number DESC)
  INCLUDE (
    entered_by_user_id, status_code, purchase_order_number, entered_at, shipped_at, expected_ship_date, ship_to_name, ship_to_address1,
    ship_to_address2, ship_to_address3, ship_to_city, ship_to_state, ship_to_postal_code, ship_to_email, ship_to_phone, order_cents
  )
  WHERE cancelled_at IS NOT NULL;
