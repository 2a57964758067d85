-- Issue 32: the facet counts of a catalog browsed without keywords, without reading every product.
-- One row per catalog and (brand, category, stocked warehouses) with how many products have them,
-- kept by statement-level triggers on catalog_search in the same transaction as any change of its
-- rows. The facets of the whole catalog (or of a brand or category of it) then sum a few hundred rows
-- instead of counting 200,000 (catalog/repository.ts searchFacetsSql). Valid on PostgreSQL 15 and PGlite.
CREATE TABLE catalog_facet_counts (
  catalog_id text NOT NULL,
  brand text NOT NULL,
  category text NOT NULL,
  stocked_warehouses text[] NOT NULL,
  products integer NOT NULL,
  PRIMARY KEY (catalog_id, brand, category, stocked_warehouses)
);
--> statement-breakpoint
INSERT INTO catalog_facet_counts (catalog_id, brand, category, stocked_warehouses, products)
SELECT catalog_id, brand, category, stocked_warehouses, count(*)::int FROM catalog_search
GROUP BY catalog_id, brand, category, stocked_warehouses;
--> statement-breakpoint
-- Each trigger adds signed product counts per group (groups written in key order, so two transactions
-- moving the same groups take their row locks in the same order); groups left with none are removed.
CREATE FUNCTION catalog_search_facets_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_facet_counts AS f (catalog_id, brand, category, stocked_warehouses, products)
  SELECT d.catalog_id, d.brand, d.category, d.stocked_warehouses, sum(d.delta)::int
  FROM (SELECT catalog_id, brand, category, stocked_warehouses, 1 AS delta FROM facet_rows_added) d
  GROUP BY d.catalog_id, d.brand, d.category, d.stocked_warehouses
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (catalog_id, brand, category, stocked_warehouses) DO UPDATE SET products = f.products + excluded.products;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_search_facets_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_facet_counts AS f (catalog_id, brand, category, stocked_warehouses, products)
  SELECT d.catalog_id, d.brand, d.category, d.stocked_warehouses, sum(d.delta)::int
  FROM (SELECT catalog_id, brand, category, stocked_warehouses, -1 AS delta FROM facet_rows_removed) d
  GROUP BY d.catalog_id, d.brand, d.category, d.stocked_warehouses
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (catalog_id, brand, category, stocked_warehouses) DO UPDATE SET products = f.products + excluded.products;
  DELETE FROM catalog_facet_counts WHERE products <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose brand, category or stocked warehouses changed move a count (a popularity recount does not).
CREATE FUNCTION catalog_search_facets_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_facet_counts AS f (catalog_id, brand, category, stocked_warehouses, products)
  SELECT d.catalog_id, d.brand, d.category, d.stocked_warehouses, sum(d.delta)::int
  FROM (
    SELECT o.catalog_id, o.brand, o.category, o.stocked_warehouses, -1 AS delta
    FROM facet_rows_before o JOIN facet_rows_after n ON n.catalog_id = o.catalog_id AND n.sku = o.sku
    WHERE (o.brand, o.category, o.stocked_warehouses) IS DISTINCT FROM (n.brand, n.category, n.stocked_warehouses)
    UNION ALL
    SELECT n.catalog_id, n.brand, n.category, n.stocked_warehouses, 1
    FROM facet_rows_before o JOIN facet_rows_after n ON n.catalog_id = o.catalog_id AND n.sku = o.sku
    WHERE (o.brand, o.category, o.stocked_warehouses) IS DISTINCT FROM (n.brand, n.category, n.stocked_warehouses)
  ) d
  GROUP BY d.catalog_id, d.brand, d.category, d.stocked_warehouses
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (catalog_id, brand, category, stocked_warehouses) DO UPDATE SET products = f.products + excluded.products;
  DELETE FROM catalog_facet_counts WHERE products <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_search_facets_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_facet_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalog_search_facets_insert AFTER INSERT ON catalog_search
  REFERENCING NEW TABLE AS facet_rows_added FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_facets_inserted();
--> statement-breakpoint
CREATE TRIGGER catalog_search_facets_delete AFTER DELETE ON catalog_search
  REFERENCING OLD TABLE AS facet_rows_removed FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_facets_deleted();
--> statement-breakpoint
CREATE TRIGGER catalog_search_facets_update AFTER UPDATE ON catalog_search
  REFERENCING OLD TABLE AS facet_rows_before NEW TABLE AS facet_rows_after FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_facets_updated();
--> statement-breakpoint
CREATE TRIGGER catalog_search_facets_truncate AFTER TRUNCATE ON catalog_search
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_search_facets_emptied();
