-- Catalog search at 200k SKUs (issue 15, decision 008): a narrow table per catalog and product with
-- a stored, weighted tsvector, the SKU and label (trigram indexes) and the sort keys, so a search
-- finds and orders its page there and prices and stocks only those rows. Triggers keep it, and the
-- per-catalog product count the pager needs, in step with every write to products and
-- catalog_products in the same transaction (statement-level, so a bulk import costs one pass).
-- Valid on PostgreSQL 15 and PGlite.

-- The document a search matches: SKU and label weigh most (A), brand and model next (B), the short
-- and medium descriptions least (C). IMMUTABLE (the configuration is explicit), so it can be indexed.
CREATE FUNCTION catalog_search_document(sku text, brand text, model text, label text, short_description text, medium_description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english', sku || ' ' || label), 'A')
      || setweight(to_tsvector('english', brand || ' ' || model), 'B')
      || setweight(to_tsvector('english', short_description || ' ' || medium_description), 'C')
$$;
--> statement-breakpoint
CREATE TABLE catalog_search (
  catalog_id text NOT NULL,
  sku text NOT NULL,
  -- Lower-cased once here, so matching is a plain LIKE: ILIKE lower-cases every row it tests.
  sku_key text NOT NULL,
  brand_key text NOT NULL,
  label_key text NOT NULL,
  document tsvector NOT NULL,
  PRIMARY KEY (catalog_id, sku)
);
--> statement-breakpoint
-- Per catalog: how many products it lists (the pager's total when browsing without keywords), and a
-- version that moves with every change of the catalog's search rows (cached search totals key on it).
CREATE TABLE catalog_search_totals (
  catalog_id text PRIMARY KEY,
  products integer NOT NULL DEFAULT 0,
  version bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE INDEX catalog_search_document_idx ON catalog_search USING gin (document);
--> statement-breakpoint
CREATE INDEX catalog_search_sku_trgm_idx ON catalog_search USING gin (sku_key gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX catalog_search_label_trgm_idx ON catalog_search USING gin (label_key gin_trgm_ops);
--> statement-breakpoint
-- The exact SKU and SKU-prefix tiers of the ranking, and the product triggers' lookup by SKU.
CREATE INDEX catalog_search_sku_key_idx ON catalog_search (sku_key text_pattern_ops, catalog_id);
--> statement-breakpoint
-- Browsing one brand: its page and its count from the index alone.
CREATE INDEX catalog_search_brand_idx ON catalog_search (catalog_id, brand_key, sku);
--> statement-breakpoint
-- Moves the totals of the catalogs in `changes` (catalog_id, delta) and their versions.
CREATE FUNCTION catalog_search_count_changes(changes jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_search_totals AS t (catalog_id, products, version)
  SELECT c.key, c.value::int, 1 FROM jsonb_each_text(changes) c
  ON CONFLICT (catalog_id) DO UPDATE SET products = t.products + excluded.products, version = t.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_search_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_search (catalog_id, sku, sku_key, brand_key, label_key, document)
  SELECT a.catalog_id, p.sku, lower(p.sku), lower(p.brand), lower(p.label),
         catalog_search_document(p.sku, p.brand, p.model, p.label, p.short_description, p.medium_description)
  FROM added a JOIN products p ON p.sku = a.sku;
  PERFORM catalog_search_count_changes((SELECT jsonb_object_agg(catalog_id, n) FROM (SELECT catalog_id, count(*) AS n FROM added GROUP BY catalog_id) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_search_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_search s USING removed r WHERE s.catalog_id = r.catalog_id AND s.sku = r.sku;
  PERFORM catalog_search_count_changes((SELECT jsonb_object_agg(catalog_id, -n) FROM (SELECT catalog_id, count(*) AS n FROM removed GROUP BY catalog_id) g));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_search_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_search s USING removed r WHERE s.catalog_id = r.catalog_id AND s.sku = r.sku;
  INSERT INTO catalog_search (catalog_id, sku, sku_key, brand_key, label_key, document)
  SELECT a.catalog_id, p.sku, lower(p.sku), lower(p.brand), lower(p.label),
         catalog_search_document(p.sku, p.brand, p.model, p.label, p.short_description, p.medium_description)
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
CREATE FUNCTION catalog_products_search_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE catalog_search;
  UPDATE catalog_search_totals SET products = 0, version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A product's searchable text changed: its rows in every catalog follow. (Its SKU cannot change
-- while a catalog lists it: the foreign key of catalog_products forbids it.)
CREATE FUNCTION products_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT n.* FROM after_rows n JOIN before_rows o ON o.sku = n.sku
    WHERE (o.brand, o.model, o.label, o.short_description, o.medium_description)
      IS DISTINCT FROM (n.brand, n.model, n.label, n.short_description, n.medium_description)
  ), updated AS (
    UPDATE catalog_search s
    SET brand_key = lower(c.brand), label_key = lower(c.label),
        document = catalog_search_document(c.sku, c.brand, c.model, c.label, c.short_description, c.medium_description)
    FROM changed c WHERE s.sku_key = lower(c.sku) AND s.sku = c.sku
    RETURNING s.catalog_id
  )
  UPDATE catalog_search_totals t SET version = t.version + 1 WHERE t.catalog_id IN (SELECT catalog_id FROM updated);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalog_products_search_insert AFTER INSERT ON catalog_products
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_search_added();
--> statement-breakpoint
CREATE TRIGGER catalog_products_search_delete AFTER DELETE ON catalog_products
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_search_removed();
--> statement-breakpoint
CREATE TRIGGER catalog_products_search_update AFTER UPDATE ON catalog_products
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_search_moved();
--> statement-breakpoint
CREATE TRIGGER catalog_products_search_truncate AFTER TRUNCATE ON catalog_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_search_emptied();
--> statement-breakpoint
CREATE TRIGGER products_search_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION products_search_changed();
--> statement-breakpoint
-- What the catalogs list today.
INSERT INTO catalog_search (catalog_id, sku, sku_key, brand_key, label_key, document)
SELECT cp.catalog_id, p.sku, lower(p.sku), lower(p.brand), lower(p.label),
       catalog_search_document(p.sku, p.brand, p.model, p.label, p.short_description, p.medium_description)
FROM catalog_products cp JOIN products p ON p.sku = cp.sku;
--> statement-breakpoint
INSERT INTO catalog_search_totals (catalog_id, products, version)
SELECT catalog_id, count(*), 1 FROM catalog_products GROUP BY catalog_id;
--> statement-breakpoint
-- The expression indexes of 0001_search.sql on the wide products table are no longer read.
DROP INDEX IF EXISTS products_search_fts_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS products_sku_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS products_label_trgm_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS products_sku_lower_idx;
--> statement-breakpoint
-- Planner statistics for the new table (the seed analyzes again after a bulk load).
ANALYZE catalog_search;
