-- Issue 32: a whole catalog in price order from an index. One row per catalog and listed SKU with
-- its catalog price (the catalog's price list, else the MSRP) and its MSRP, kept by statement-level
-- triggers in the same transaction as any change of what they are computed from: catalog_products,
-- price_list_items of a catalog's list, products' MSRP and a catalog's price list. Browsing by price
-- then reads the first rows of an index instead of pricing every product (1.2 s on the M set).
-- An organization's own list is merged in at query time (catalog/repository.ts browseByPriceSql).
-- Valid on PostgreSQL 15 and PGlite.
CREATE TABLE catalog_prices (
  catalog_id text NOT NULL,
  sku text NOT NULL,
  price_cents integer NOT NULL,
  msrp_cents integer NOT NULL,
  PRIMARY KEY (catalog_id, sku)
);
--> statement-breakpoint
INSERT INTO catalog_prices (catalog_id, sku, price_cents, msrp_cents)
SELECT l.catalog_id, l.sku, coalesce(i.price_cents, p.msrp_cents), p.msrp_cents
FROM catalog_products l
JOIN catalogs c ON c.id = l.catalog_id
JOIN products p ON p.sku = l.sku
LEFT JOIN price_list_items i ON i.price_list_id = c.price_list_id AND i.sku = l.sku;
--> statement-breakpoint
CREATE INDEX catalog_prices_price_idx ON catalog_prices (catalog_id, price_cents, sku);
--> statement-breakpoint
CREATE INDEX catalog_prices_msrp_idx ON catalog_prices (catalog_id, msrp_cents, sku);
--> statement-breakpoint
-- Planned from real counts at once (autovacuum would analyze the new table only later).
ANALYZE catalog_prices;
--> statement-breakpoint
-- An organization's list in price order, for the merge with the catalog's prices.
CREATE INDEX price_list_items_price_idx ON price_list_items (price_list_id, price_cents, sku);
--> statement-breakpoint
-- Brings the rows of these SKUs in line with what they are computed from, in key order (two
-- transactions touching the same rows lock them in the same order).
CREATE FUNCTION catalog_prices_refreshed(skus text[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM catalog_prices cp
  WHERE cp.sku = ANY(skus)
    AND NOT EXISTS (SELECT 1 FROM catalog_products l WHERE l.catalog_id = cp.catalog_id AND l.sku = cp.sku);
  INSERT INTO catalog_prices AS cp (catalog_id, sku, price_cents, msrp_cents)
  SELECT l.catalog_id, l.sku, coalesce(i.price_cents, p.msrp_cents), p.msrp_cents
  FROM catalog_products l
  JOIN catalogs c ON c.id = l.catalog_id
  JOIN products p ON p.sku = l.sku
  LEFT JOIN price_list_items i ON i.price_list_id = c.price_list_id AND i.sku = l.sku
  WHERE l.sku = ANY(skus)
  ORDER BY 1, 2
  ON CONFLICT (catalog_id, sku) DO UPDATE SET price_cents = excluded.price_cents, msrp_cents = excluded.msrp_cents
    WHERE (cp.price_cents, cp.msrp_cents) IS DISTINCT FROM (excluded.price_cents, excluded.msrp_cents);
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_prices_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_prices_refreshed((SELECT array_agg(DISTINCT sku) FROM prices_listed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_prices_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_prices_refreshed((SELECT array_agg(DISTINCT sku) FROM prices_unlisted));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_prices_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_prices_refreshed((
    SELECT array_agg(DISTINCT sku) FROM (SELECT sku FROM prices_unlisted UNION SELECT sku FROM prices_listed) moved));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_prices_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalog_prices;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalog_products_prices_insert AFTER INSERT ON catalog_products
  REFERENCING NEW TABLE AS prices_listed FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_prices_added();
--> statement-breakpoint
CREATE TRIGGER catalog_products_prices_delete AFTER DELETE ON catalog_products
  REFERENCING OLD TABLE AS prices_unlisted FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_prices_removed();
--> statement-breakpoint
CREATE TRIGGER catalog_products_prices_update AFTER UPDATE ON catalog_products
  REFERENCING OLD TABLE AS prices_unlisted NEW TABLE AS prices_listed FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_prices_moved();
--> statement-breakpoint
CREATE TRIGGER catalog_products_prices_truncate AFTER TRUNCATE ON catalog_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_prices_emptied();
--> statement-breakpoint
-- Price list items: only a catalog's own list moves these rows (an organization's list is merged at query time).
CREATE FUNCTION price_list_items_prices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalog_prices_refreshed((SELECT array_agg(DISTINCT n.sku) FROM items_after n
      WHERE n.price_list_id IN (SELECT c.price_list_id FROM catalogs c)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM catalog_prices_refreshed((SELECT array_agg(DISTINCT o.sku) FROM items_before o
      WHERE o.price_list_id IN (SELECT c.price_list_id FROM catalogs c)));
  ELSE
    PERFORM catalog_prices_refreshed((SELECT array_agg(DISTINCT x.sku) FROM (
      SELECT sku, price_list_id FROM items_before UNION SELECT sku, price_list_id FROM items_after) x
      WHERE x.price_list_id IN (SELECT c.price_list_id FROM catalogs c)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER price_list_items_prices_insert AFTER INSERT ON price_list_items
  REFERENCING NEW TABLE AS items_after FOR EACH STATEMENT EXECUTE FUNCTION price_list_items_prices_changed();
--> statement-breakpoint
CREATE TRIGGER price_list_items_prices_update AFTER UPDATE ON price_list_items
  REFERENCING OLD TABLE AS items_before NEW TABLE AS items_after FOR EACH STATEMENT EXECUTE FUNCTION price_list_items_prices_changed();
--> statement-breakpoint
CREATE TRIGGER price_list_items_prices_delete AFTER DELETE ON price_list_items
  REFERENCING OLD TABLE AS items_before FOR EACH STATEMENT EXECUTE FUNCTION price_list_items_prices_changed();
--> statement-breakpoint
-- A truncated price list table: every catalog price falls back to the MSRP.
CREATE FUNCTION price_list_items_prices_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_prices SET price_cents = msrp_cents WHERE price_cents <> msrp_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER price_list_items_prices_truncate AFTER TRUNCATE ON price_list_items
  FOR EACH STATEMENT EXECUTE FUNCTION price_list_items_prices_emptied();
--> statement-breakpoint
CREATE FUNCTION products_prices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_prices_refreshed((
    SELECT array_agg(n.sku) FROM products_after n JOIN products_before o ON o.sku = n.sku WHERE o.msrp_cents IS DISTINCT FROM n.msrp_cents));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_prices_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS products_before NEW TABLE AS products_after FOR EACH STATEMENT EXECUTE FUNCTION products_prices_changed();
--> statement-breakpoint
-- A catalog given another price list: all of its rows.
CREATE FUNCTION catalogs_prices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_prices_refreshed((
    SELECT array_agg(l.sku) FROM catalog_products l
    WHERE l.catalog_id IN (SELECT n.id FROM catalogs_after n JOIN catalogs_before o ON o.id = n.id
                           WHERE o.price_list_id IS DISTINCT FROM n.price_list_id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalogs_prices_update AFTER UPDATE ON catalogs
  REFERENCING OLD TABLE AS catalogs_before NEW TABLE AS catalogs_after FOR EACH STATEMENT EXECUTE FUNCTION catalogs_prices_changed();
