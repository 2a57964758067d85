-- Issue 37: a keyword of the equipment list (a model such as 'IR-8') matches thousands of products.
-- Their trigram matches were rechecked against the wide products table (descriptions, features,
-- specifications: 310 MB on the M set), 10,000 heap pages for one keyword, 23 ms of its 47. The
-- recheck now reads a narrow copy of the three columns a keyword is matched against, kept by
-- triggers on products, and the trigram index on products goes (nothing else uses it, and it made
-- every product update rewrite GIN entries). The copies are lowercased once here, so a keyword is
-- compared with LIKE, not ILIKE, which lowercased each text again for every candidate.
CREATE TABLE equipment_product_texts (
  sku text PRIMARY KEY,
  sku_lower text NOT NULL,
  model_lower text NOT NULL,
  label_lower text NOT NULL
);
--> statement-breakpoint
INSERT INTO equipment_product_texts (sku, sku_lower, model_lower, label_lower)
SELECT sku, lower(sku), lower(model), lower(label) FROM products;
--> statement-breakpoint
-- Trigrams are taken from words of letters and digits, so a model's dash split 'IR-8' into the
-- words 'ir' and '8': 11,388 candidates for 3,142 matches. The indexed text (lowercased) has its
-- dashes, dots and slashes turned into the letter q ('irq8'), and so is the keyword: a text that
-- contains the keyword contains it in this form too (a letter-for-letter change), so no match is
-- lost, and the columns themselves are still tested. 'IR-8' now finds exactly its 3,142 products.
CREATE INDEX equipment_product_texts_trgm_idx ON equipment_product_texts
  USING gin ((translate(sku_lower || ' ' || model_lower || ' ' || label_lower, '-./', 'qqq')) gin_trgm_ops);
--> statement-breakpoint
DROP INDEX products_text_trgm_idx;
--> statement-breakpoint
CREATE FUNCTION equipment_product_texts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO equipment_product_texts (sku, sku_lower, model_lower, label_lower)
  SELECT sku, lower(sku), lower(model), lower(label) FROM products_added
  ON CONFLICT (sku) DO UPDATE SET model_lower = excluded.model_lower, label_lower = excluded.label_lower;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only rows whose texts changed are written: the feed and imports update products for other reasons.
CREATE FUNCTION equipment_product_texts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM equipment_product_texts t USING products_before o
  WHERE t.sku = o.sku AND NOT EXISTS (SELECT 1 FROM products_after n WHERE n.sku = o.sku);
  INSERT INTO equipment_product_texts (sku, sku_lower, model_lower, label_lower)
  SELECT n.sku, lower(n.sku), lower(n.model), lower(n.label) FROM products_after n
  LEFT JOIN products_before o ON o.sku = n.sku
  WHERE o.sku IS NULL OR o.model IS DISTINCT FROM n.model OR o.label IS DISTINCT FROM n.label
  ON CONFLICT (sku) DO UPDATE SET model_lower = excluded.model_lower, label_lower = excluded.label_lower;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_product_texts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM equipment_product_texts t USING products_removed o WHERE t.sku = o.sku;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_product_texts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM equipment_product_texts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_equipment_texts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS products_added FOR EACH STATEMENT EXECUTE FUNCTION equipment_product_texts_added();
--> statement-breakpoint
CREATE TRIGGER products_equipment_texts_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS products_before NEW TABLE AS products_after
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_product_texts_updated();
--> statement-breakpoint
CREATE TRIGGER products_equipment_texts_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS products_removed FOR EACH STATEMENT EXECUTE FUNCTION equipment_product_texts_deleted();
--> statement-breakpoint
CREATE TRIGGER products_equipment_texts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_product_texts_emptied();
--> statement-breakpoint
-- The units of the matching products come from the (organization, branch, SKU) index; carrying the
-- serial number in it answers them from the index alone (1,060 units had read 897 heap pages).
DROP INDEX equipment_org_branch_sku_idx;
--> statement-breakpoint
CREATE INDEX equipment_org_branch_sku_idx ON equipment (organization_id, branch_id, sku) INCLUDE (serial_number);
--> statement-breakpoint
-- The units' own text (serial number and location): a serial keyword's two trigram matches were
-- ANDed with the branch's whole range of another index (70,000 entries: 4.5 of its 6.4 ms), because
-- the planner expected a tenth of a branch's units. With the organization in the same GIN index
-- (btree_gin), the index gives the organization's matches alone: 2.2 ms.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX equipment_text_trgm_idx;
--> statement-breakpoint
CREATE INDEX equipment_text_trgm_idx ON equipment
  USING gin (organization_id, (serial_number || ' ' || location_name || ' ' || location_address) gin_trgm_ops);
