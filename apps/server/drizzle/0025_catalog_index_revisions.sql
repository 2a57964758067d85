-- Issue 32, decision 023: the in-process catalog search index (modules/catalog/search-index*.ts)
-- follows stock and price changes row by row instead of reloading a catalog. The rows these changes
-- write carry the catalog data revision (0013) of the statement that wrote them, and an index
-- applied up to revision R asks for the rows stamped after R: an indexed read of the few rows that
-- changed. Valid on PostgreSQL 15 and PGlite.
--
-- For "stamped after R" to miss nothing, revisions must be handed out in commit order. Every writer
-- of catalog data takes the one revision row's lock (0013), so the revision is now drawn *after* the
-- lock is held: an UPDATE that waited for the lock evaluates nextval again on the row it finally
-- locks. A writer that commits later therefore always holds a higher revision.
CREATE OR REPLACE FUNCTION catalog_data_revision_renewed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_data_revision SET revision = nextval('catalog_data_revision_seq') WHERE id = 1;
  IF NOT FOUND THEN
    INSERT INTO catalog_data_revision (id, revision) VALUES (1, nextval('catalog_data_revision_seq'))
    ON CONFLICT (id) DO UPDATE SET revision = nextval('catalog_data_revision_seq');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The revision this transaction's latest catalog data statement set (its trigger ran just before the
-- triggers that stamp rows: triggers of one event fire in name order, `<table>_data_revision` first).
CREATE FUNCTION catalog_data_revision_now() RETURNS bigint LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT revision FROM catalog_data_revision WHERE id = 1), 0)
$$;
--> statement-breakpoint
ALTER TABLE catalog_search ADD COLUMN stock_revision bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE INDEX catalog_search_stock_revision_idx ON catalog_search (catalog_id, stock_revision);
--> statement-breakpoint
ALTER TABLE catalog_prices ADD COLUMN revision bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE INDEX catalog_prices_revision_idx ON catalog_prices (catalog_id, revision);
--> statement-breakpoint
-- As 0015, stamping the rows whose stocked warehouses changed.
CREATE OR REPLACE FUNCTION catalog_search_restocked(skus text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE catalog_search s SET stocked_warehouses = w.codes, stock_revision = catalog_data_revision_now()
  FROM (SELECT t.sku, catalog_stocked_warehouses(t.sku) AS codes FROM (SELECT DISTINCT unnest(skus) AS sku) t) w
  WHERE s.sku_key = lower(w.sku) AND s.sku = w.sku AND s.stocked_warehouses IS DISTINCT FROM w.codes
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_search_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_search SET stocked_warehouses = '{}', stock_revision = catalog_data_revision_now() WHERE stocked_warehouses <> '{}';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As 0021, stamping the rows whose prices changed.
CREATE OR REPLACE FUNCTION catalog_prices_refreshed(skus text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM catalog_prices cp
  WHERE cp.sku = ANY(skus)
    AND NOT EXISTS (SELECT 1 FROM catalog_products l WHERE l.catalog_id = cp.catalog_id AND l.sku = cp.sku);
  INSERT INTO catalog_prices AS cp (catalog_id, sku, price_cents, msrp_cents, revision)
  SELECT l.catalog_id, l.sku, coalesce(i.price_cents, p.msrp_cents), p.msrp_cents, catalog_data_revision_now()
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
  UPDATE catalog_prices SET price_cents = msrp_cents, revision = catalog_data_revision_now() WHERE price_cents <> msrp_cents;
  RETURN NULL;
END $$;
