-- Order history at 1M orders (performance.md: open and recent < 10 ms, search < 50 ms with indexed
-- filters, < 250 ms for the worst combination). Each index matches a predicate or ordering of
-- modules/orders/repository.ts, and both PostgreSQL 15 and PGlite accept them.
--
-- Why covering indexes: a branch's orders are spread over the whole table (orders arrive from every
-- branch in turn), so reading 50,000 of them through the heap touches ~36,000 pages. The search
-- index carries every column a search filters on or a result row shows, so a search within a
-- branch reads only its slice of the index (index-only scan), whatever the criteria; the entering
-- user is in them too, for users who see only their own orders (limitOrderHistory).

-- Open Orders: only open orders are in it, newest first within a branch, with the summary columns.
CREATE INDEX IF NOT EXISTS orders_open_idx ON orders (organization_id, branch_id, entered_at DESC, document_number DESC)
  INCLUDE (
    entered_by_user_id, status_code, purchase_order_number, shipped_at, expected_ship_date, ship_to_name, ship_to_address1, ship_to_address2,
    ship_to_address3, ship_to_city, ship_to_state, ship_to_postal_code, ship_to_email, ship_to_phone
  )
  WHERE status_code < 60 AND status_code <> -10;
--> statement-breakpoint
-- Order search within a branch and time frame, newest first: every criterion and result column.
CREATE INDEX IF NOT EXISTS orders_search_idx ON orders (organization_id, branch_id, entered_at DESC, document_number DESC)
  INCLUDE (
    entered_by_user_id, status_code, purchase_order_number, reference, shipped_at, expected_ship_date, ship_to_name, ship_to_address1,
    ship_to_address2, ship_to_address3, ship_to_city, ship_to_state, ship_to_postal_code, ship_to_email, ship_to_phone
  );
--> statement-breakpoint
-- Pending is "every code no other group claims" (spec 4): few orders, found without scanning the rest.
CREATE INDEX IF NOT EXISTS orders_pending_idx ON orders (organization_id, branch_id, entered_at DESC)
  WHERE status_code NOT IN (-10, 25, 30, 40, 50, 55, 59, 60, 70, 80, 90, 100);
--> statement-breakpoint
-- Selective criteria go straight to their rows (btree; text_pattern_ops serves LIKE 'prefix%').
CREATE INDEX IF NOT EXISTS orders_search_email_idx ON orders (organization_id, branch_id, lower(ship_to_email));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_search_po_idx ON orders (organization_id, branch_id, lower(purchase_order_number) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_search_reference_idx ON orders (organization_id, branch_id, lower(reference) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_search_postal_idx ON orders (organization_id, branch_id, ship_to_postal_code text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS orders_search_phone_idx ON orders (
  organization_id, branch_id,
  (regexp_replace(regexp_replace(ship_to_phone, '[^0-9]', '', 'g'), '^1([0-9]{10})$', '\1')) text_pattern_ops
);
--> statement-breakpoint
-- Integration API: orders placed since a time, across all organizations, oldest first.
CREATE INDEX IF NOT EXISTS orders_entered_idx ON orders (entered_at, document_number);
