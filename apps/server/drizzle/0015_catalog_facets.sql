-- Issue 32: categories, facets and sorts of the catalog search. catalog_search (decision 008) also
-- carries what the filters, facet counts and sorts read, so a search still reads that one narrow table:
--  - brand and category as shown (the facet values), category also a product column (import/export);
--  - stocked_warehouses: the warehouses holding stock of the SKU, kept by the stock triggers below, so
--    "in stock in the region" is an array overlap per row, never a join to stock per match;
--  - popularity: orders of the SKU over the last 90 days (catalog/featured.ts refreshes it), the
--    'Featured' order.
-- Valid on PostgreSQL 15 and PGlite.
ALTER TABLE products ADD COLUMN category text NOT NULL DEFAULT '';
--> statement-breakpoint
-- The demo and benchmark catalogs name a product's kind; its category is the kind's plural name.
UPDATE products SET category = CASE kind
  WHEN 'two-post-lift' THEN 'Two-Post Lifts'
  WHEN 'four-post-lift' THEN 'Four-Post Lifts'
  WHEN 'scissor-lift' THEN 'Scissor Lifts'
  WHEN 'tire-changer' THEN 'Tire Changers'
  WHEN 'wheel-balancer' THEN 'Wheel Balancers'
  WHEN 'alignment' THEN 'Alignment Systems'
  WHEN 'compressor' THEN 'Air Compressors'
  WHEN 'accessory' THEN 'Accessories'
  ELSE '' END
WHERE kind <> '';
--> statement-breakpoint
ALTER TABLE catalog_search
  ADD COLUMN brand text NOT NULL DEFAULT '',
  ADD COLUMN category text NOT NULL DEFAULT '',
  ADD COLUMN stocked_warehouses text[] NOT NULL DEFAULT '{}',
  ADD COLUMN popularity integer NOT NULL DEFAULT 0;
--> statement-breakpoint
-- The warehouses holding stock of a SKU, in code order.
CREATE FUNCTION catalog_stocked_warehouses(product_sku text) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(k.warehouse_code ORDER BY k.warehouse_code), '{}'::text[])
  FROM stock k WHERE k.sku = product_sku AND k.quantity > 0
$$;
--> statement-breakpoint
UPDATE catalog_search s SET brand = p.brand, category = p.category FROM products p WHERE p.sku = s.sku;
--> statement-breakpoint
UPDATE catalog_search s SET stocked_warehouses = w.codes
FROM (SELECT k.sku, array_agg(k.warehouse_code ORDER BY k.warehouse_code) AS codes FROM stock k WHERE k.quantity > 0 GROUP BY k.sku) w
WHERE w.sku = s.sku;
--> statement-breakpoint
-- The rows a catalog gains: as 0006, with the new columns.
CREATE OR REPLACE FUNCTION catalog_products_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_search (catalog_id, sku, sku_key, brand_key, label_key, document, brand, category, stocked_warehouses)
  SELECT a.catalog_id, p.sku, lower(p.sku), lower(p.brand), lower(p.label),
         catalog_search_document(p.sku, p.brand, p.model, p.label, p.short_description, p.medium_description),
         p.brand, p.category, catalog_stocked_warehouses(p.sku)
  FROM added a JOIN products p ON p.sku = a.sku;
  PERFORM catalog_search_count_changes((SELECT jsonb_object_agg(catalog_id, n) FROM (SELECT catalog_id, count(*) AS n FROM added GROUP BY catalog_id) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalog_products_search_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_search s USING removed r WHERE s.catalog_id = r.catalog_id AND s.sku = r.sku;
  INSERT INTO catalog_search (catalog_id, sku, sku_key, brand_key, label_key, document, brand, category, stocked_warehouses)
  SELECT a.catalog_id, p.sku, lower(p.sku), lower(p.brand), lower(p.label),
         catalog_search_document(p.sku, p.brand, p.model, p.label, p.short_description, p.medium_description),
         p.brand, p.category, catalog_stocked_warehouses(p.sku)
  FROM added a JOIN products p ON p.sku = a.sku;
  PERFORM catalog_search_count_changes((
    SELECT jsonb_object_agg(catalog_id, n) FROM (
      SELECT catalog_id, sum(delta) AS n FROM (
        SELECT catalog_id, 1 AS delta FROM added UNION ALL SELECT catalog_id, -1 FROM removed
      ) d GROUP BY catalog_id
    ) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.* FROM after_rows n JOIN before_rows o ON o.sku = n.sku
    WHERE (o.brand, o.model, o.label, o.short_description, o.medium_description, o.category)
      IS DISTINCT FROM (n.brand, n.model, n.label, n.short_description, n.medium_description, n.category)
  ), updated AS (
    UPDATE catalog_search s
    SET brand_key = lower(c.brand), label_key = lower(c.label), brand = c.brand, category = c.category,
        document = catalog_search_document(c.sku, c.brand, c.model, c.label, c.short_description, c.medium_description)
    FROM changed c WHERE s.sku_key = lower(c.sku) AND s.sku = c.sku
    RETURNING s.catalog_id
  )
  UPDATE catalog_search_totals t SET version = t.version + 1 WHERE t.catalog_id IN (SELECT catalog_id FROM updated);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Stock moved for these SKUs: their rows follow when the set of stocked warehouses changed (a feed
-- that only moves quantities above zero writes nothing here). Not a search version change: a search
-- filtered by availability is never kept in the results cache.
CREATE FUNCTION catalog_search_restocked(skus text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE catalog_search s SET stocked_warehouses = w.codes
  FROM (SELECT t.sku, catalog_stocked_warehouses(t.sku) AS codes FROM (SELECT DISTINCT unnest(skus) AS sku) t) w
  WHERE s.sku_key = lower(w.sku) AND s.sku = w.sku AND s.stocked_warehouses IS DISTINCT FROM w.codes
$$;
--> statement-breakpoint
CREATE FUNCTION stock_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_search_restocked((SELECT array_agg(sku) FROM stock_added));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stock_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_search_restocked((
    SELECT array_agg(n.sku) FROM stock_after n JOIN stock_before o ON o.sku = n.sku AND o.warehouse_code = n.warehouse_code
    WHERE (o.quantity > 0) IS DISTINCT FROM (n.quantity > 0)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stock_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_search_restocked((SELECT array_agg(sku) FROM stock_removed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_search_insert AFTER INSERT ON stock
  REFERENCING NEW TABLE AS stock_added FOR EACH STATEMENT EXECUTE FUNCTION stock_search_inserted();
--> statement-breakpoint
CREATE TRIGGER stock_search_update AFTER UPDATE ON stock
  REFERENCING OLD TABLE AS stock_before NEW TABLE AS stock_after FOR EACH STATEMENT EXECUTE FUNCTION stock_search_updated();
--> statement-breakpoint
CREATE TRIGGER stock_search_delete AFTER DELETE ON stock
  REFERENCING OLD TABLE AS stock_removed FOR EACH STATEMENT EXECUTE FUNCTION stock_search_deleted();
--> statement-breakpoint
-- A truncated stock table: no SKU is stocked anywhere.
CREATE FUNCTION stock_search_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_search SET stocked_warehouses = '{}' WHERE stocked_warehouses <> '{}';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_search_truncate AFTER TRUNCATE ON stock FOR EACH STATEMENT EXECUTE FUNCTION stock_search_emptied();
--> statement-breakpoint
-- 'Featured' (no keywords): the most ordered first, a page from the index alone.
CREATE INDEX catalog_search_featured_idx ON catalog_search (catalog_id, popularity DESC, sku);
--> statement-breakpoint
-- 'Name': a page from the index alone.
CREATE INDEX catalog_search_name_idx ON catalog_search (catalog_id, label_key, sku);
--> statement-breakpoint
-- Browsing one category.
CREATE INDEX catalog_search_category_idx ON catalog_search (catalog_id, category, sku);
