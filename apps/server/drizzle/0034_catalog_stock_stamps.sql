-- Issue 32 (decision 026): the in-process catalog index prices products (price, MSRP, stock and
-- receipts) instead of a statement per call. It holds every product's stock per warehouse and its
-- scheduled receipts, read with the index, and follows their changes row by row, as it follows
-- stocked warehouses and prices (0025): each statement that writes stock or scheduled receipts
-- stamps the SKUs it touched here with the catalog data revision it set, and an index applied up to
-- revision R reads the stock and receipts of the SKUs stamped after R. (catalog_search.stock_revision
-- moves only when a product's stocked warehouses change, not with every quantity.)
-- The stamp triggers are named `<table>_stock_stamp_*`, so they fire after `<table>_data_revision`
-- (triggers of one event fire in name order) and read the revision it set.
-- Valid on PostgreSQL 15 and PGlite.
CREATE TABLE "catalog_stock_stamps" (
	"sku" text PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_stock_stamps_revision_idx" ON "catalog_stock_stamps" USING btree ("revision");
--> statement-breakpoint
CREATE FUNCTION catalog_stock_stamped(skus text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalog_stock_stamps AS s (sku, revision)
  SELECT DISTINCT t.sku, catalog_data_revision_now() FROM unnest(skus) AS t(sku) WHERE t.sku IS NOT NULL
  ORDER BY 1
  ON CONFLICT (sku) DO UPDATE SET revision = excluded.revision
$$;
--> statement-breakpoint
CREATE FUNCTION stock_rows_stamped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_stock_stamped((SELECT array_agg(sku) FROM stamped_after));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalog_stock_stamped((SELECT array_agg(sku) FROM stamped_before));
  ELSE
    PERFORM catalog_stock_stamped((SELECT array_agg(sku) FROM (SELECT sku FROM stamped_before UNION SELECT sku FROM stamped_after) changed));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A truncated table: every product's stock or receipts changed.
CREATE FUNCTION stock_rows_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_stock_stamped((SELECT array_agg(sku) FROM products));
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  stocked_by text;
BEGIN
  FOREACH stocked_by IN ARRAY ARRAY['stock', 'scheduled_receipts']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS stamped_after FOR EACH STATEMENT EXECUTE FUNCTION stock_rows_stamped()',
      stocked_by || '_stock_stamp_insert', stocked_by);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS stamped_before NEW TABLE AS stamped_after FOR EACH STATEMENT EXECUTE FUNCTION stock_rows_stamped()',
      stocked_by || '_stock_stamp_update', stocked_by);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS stamped_before FOR EACH STATEMENT EXECUTE FUNCTION stock_rows_stamped()',
      stocked_by || '_stock_stamp_delete', stocked_by);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION stock_rows_emptied()',
      stocked_by || '_stock_stamp_truncate', stocked_by);
  END LOOP;
END $$;
