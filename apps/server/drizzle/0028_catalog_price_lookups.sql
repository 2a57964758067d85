-- The feed's price and stock statements, and the seed's, without scans that grow with the catalog
-- (issue 32: measured on the M set, decision 023). Valid on PostgreSQL 15 and PGlite.
--
-- 1. catalog_prices_refreshed (0021, 0025) deletes a price list's rows by SKU; catalog_prices had no
--    index leading with the SKU, so every statement of the feed (1,000 prices every 10 s) read the
--    whole table and compared each row with the 1,000 SKUs: 3.1 s of a core, holding the catalog
--    data revision's lock, every 10 s. With this index: 13 ms.
CREATE INDEX catalog_prices_sku_idx ON catalog_prices (sku);
--> statement-breakpoint
-- 2. The rows a statement stamps take its revision once (an InitPlan), not once per row: within one
--    long transaction (the seed's) each statement's UPDATE of the revision row leaves a version that
--    every later lookup walks, and a lookup per row grew with the number of statements (10,000 rows
--    after 2,000 statements: 333 ms per row-wise call, 3 ms once per statement). Otherwise as 0025.
CREATE OR REPLACE FUNCTION catalog_search_restocked(skus text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE catalog_search s SET stocked_warehouses = w.codes, stock_revision = (SELECT catalog_data_revision_now())
  FROM (SELECT t.sku, catalog_stocked_warehouses(t.sku) AS codes FROM (SELECT DISTINCT unnest(skus) AS sku) t) w
  WHERE s.sku_key = lower(w.sku) AND s.sku = w.sku AND s.stocked_warehouses IS DISTINCT FROM w.codes
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_search_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_search SET stocked_warehouses = '{}', stock_revision = (SELECT catalog_data_revision_now()) WHERE stocked_warehouses <> '{}';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_prices_refreshed(skus text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM catalog_prices cp
  WHERE cp.sku = ANY(skus)
    AND NOT EXISTS (SELECT 1 FROM catalog_products l WHERE l.catalog_id = cp.catalog_id AND l.sku = cp.sku);
  INSERT INTO catalog_prices AS cp (catalog_id, sku, price_cents, msrp_cents, revision)
  SELECT l.catalog_id, l.sku, coalesce(i.price_cents, p.msrp_cents), p.msrp_cents, (SELECT catalog_data_revision_now())
  FROM catalog_products l
  JOIN catalogs c ON c.id = l.catalog_id
  JOIN products p ON p.sku = l.sku
  LEFT JOIN price_list_items i ON i.price_list_id = c.price_list_id AND i.sku = l.sku
  WHERE l.sku = ANY(skus)
  ORDER BY 1, 2
  ON CONFLICT (catalog_id, sku) DO UPDATE SET price_cents = excluded.price_cents, msrp_cents = excluded.msrp_cents, revision = excluded.revision
    WHERE (cp.price_cents, cp.msrp_cents) IS DISTINCT FROM (excluded.price_cents, excluded.msrp_cents);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION price_list_items_prices_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_prices SET price_cents = msrp_cents, revision = (SELECT catalog_data_revision_now()) WHERE price_cents <> msrp_cents;
  RETURN NULL;
END $$;
