-- Issue 37, decision 021: the equipment list's 'Under warranty' filter and keyword without reading
-- every unit of a branch joined to its product (on the M set each such count read 70,000 units and
-- their products: about 280 ms). Valid on PostgreSQL 15 and PGlite.
--
-- 1. Each unit keeps its warranty end (install date, else ship date, plus its product's months),
--    set by a row trigger whenever a unit is written and by a statement trigger on products whenever
--    a product's months change or the product arrives after its units; the (organization, branch,
--    warranty end) index then counts and finds the units under warranty.
ALTER TABLE equipment ADD COLUMN warranty_ends date;
--> statement-breakpoint
UPDATE equipment e SET warranty_ends = (coalesce(e.installed_on, e.shipped_date) + make_interval(months => p.warranty_months))::date
FROM products p WHERE p.sku = e.sku AND p.warranty_months IS NOT NULL AND coalesce(e.installed_on, e.shipped_date) IS NOT NULL;
--> statement-breakpoint
CREATE INDEX equipment_org_branch_warranty_idx ON equipment (organization_id, branch_id, warranty_ends);
--> statement-breakpoint
CREATE INDEX equipment_org_branch_sku_idx ON equipment (organization_id, branch_id, sku);
--> statement-breakpoint
CREATE INDEX equipment_sku_idx ON equipment (sku);
--> statement-breakpoint
CREATE FUNCTION equipment_warranty_ends_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.warranty_ends := (coalesce(NEW.installed_on, NEW.shipped_date)
    + make_interval(months => (SELECT p.warranty_months FROM products p WHERE p.sku = NEW.sku)))::date;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER equipment_warranty_ends_insert BEFORE INSERT ON equipment
  FOR EACH ROW EXECUTE FUNCTION equipment_warranty_ends_set();
--> statement-breakpoint
CREATE TRIGGER equipment_warranty_ends_update BEFORE UPDATE OF installed_on, shipped_date, sku ON equipment
  FOR EACH ROW EXECUTE FUNCTION equipment_warranty_ends_set();
--> statement-breakpoint
-- The units of products that arrived after their units, or whose months changed, get their new end.
CREATE FUNCTION equipment_warranty_products_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE equipment e SET warranty_ends = (coalesce(e.installed_on, e.shipped_date) + make_interval(months => n.warranty_months))::date
  FROM products_after n WHERE e.sku = n.sku;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_warranty_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE equipment e SET warranty_ends = (coalesce(e.installed_on, e.shipped_date) + make_interval(months => n.warranty_months))::date
  FROM products_after n JOIN products_before o ON o.sku = n.sku
  WHERE e.sku = n.sku AND n.warranty_months IS DISTINCT FROM o.warranty_months;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_warranty_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS products_after FOR EACH STATEMENT EXECUTE FUNCTION equipment_warranty_products_added();
--> statement-breakpoint
CREATE TRIGGER products_warranty_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS products_before NEW TABLE AS products_after
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_warranty_products_updated();
--> statement-breakpoint
-- 2. A keyword matches a unit's serial number, location or product (SKU, model, description) anywhere
--    in the text: trigram indexes find the units whose own text matches and the products whose text
--    does (whose units the (organization, branch, SKU) index then hands over), instead of testing
--    every unit of the branch and its product.
CREATE INDEX equipment_text_trgm_idx ON equipment USING gin ((serial_number || ' ' || location_name || ' ' || location_address) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX products_text_trgm_idx ON products USING gin ((sku || ' ' || model || ' ' || label) gin_trgm_ops);
