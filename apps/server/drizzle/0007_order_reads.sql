-- Order list reads (issue 15; performance.md: recent orders < 15 ms, open orders < 25 ms at the M
-- set). Recent Orders reads three windows: entered (served by orders_search_idx of 0002), shipped
-- and cancelled. The narrow (organization, branch, time) indexes of 0000 find those rows but then
-- fetch each from the heap, and a branch's orders are spread over the whole table (one row per
-- page): a week shipped by a busy branch is ~500 rows on ~500 pages. These covering indexes hold,
-- newest first within a branch, exactly the columns an order summary shows (plus the entering user,
-- for limitOrderHistory), so a window is a short index-only range scan. Partial: only orders that
-- have the event are in them. Valid on PostgreSQL 15 and PGlite.
CREATE INDEX IF NOT EXISTS orders_recent_shipped_idx ON orders (organization_id, branch_id, shipped_at DESC, document_number DESC)
  INCLUDE (
    entered_by_user_id, status_code, purchase_order_number, entered_at, expected_ship_date, ship_to_name, ship_to_address1, ship_to_address2,
    ship_to_address3, ship_to_city, ship_to_state, ship_to_postal_code, ship_to_email, ship_to_phone
  )
  WHERE shipped_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_recent_cancelled_idx ON orders (organization_id, branch_id, cancelled_at DESC, document_number DESC)
  INCLUDE (
    entered_by_user_id, status_code, purchase_order_number, entered_at, shipped_at, expected_ship_date, ship_to_name, ship_to_address1,
    ship_to_address2, ship_to_address3, ship_to_city, ship_to_state, ship_to_postal_code, ship_to_email, ship_to_phone
  )
  WHERE cancelled_at IS NOT NULL;
