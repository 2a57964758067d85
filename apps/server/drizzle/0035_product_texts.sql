-- Issue 32: each product's row-only JSON fragments, kept beside the product. The statements that
-- answer products (product detail, cart refresh, search pages) wrote ~1.5 KB of JSON per product
-- from its columns on every call (to_json of four long texts and a dozen concatenations): about half
-- of a random 50-product cart's time in PostgreSQL. The fragments are now written once, by these
-- statement triggers in the statement that writes the product, and read as they are.
--   head: {"sku":…,"brand":…,"model":…}
--   tail: {"eCommerceInformation":{…},"shippingInformation":{…}}
-- byte for byte what row_to_json over the same named columns writes (static-texts.api.test.ts).
-- A row is rewritten only when its fragments change, so its xmin (the server's text cache's key,
-- product-text-cache.ts) moves only then: a new MSRP or category leaves the texts the server holds
-- valid. Valid on PostgreSQL 15 and PGlite.
CREATE TABLE "product_texts" (
	"sku" text PRIMARY KEY NOT NULL,
	"head" text NOT NULL,
	"tail" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_texts" ADD CONSTRAINT "product_texts_sku_products_sku_fk" FOREIGN KEY ("sku") REFERENCES "public"."products"("sku") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
CREATE FUNCTION product_head_json(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"sku":' || to_json(p.sku) || ',"brand":' || to_json(p.brand) || ',"model":' || to_json(p.model) || '}'
$$;
--> statement-breakpoint
CREATE FUNCTION product_tail_json(p products) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT '{"eCommerceInformation":{"label":' || to_json(p.label)
    || ',"shortDescription":' || to_json(p.short_description) || ',"mediumDescription":' || to_json(p.medium_description)
    || ',"longDescription":' || to_json(p.long_description) || ',"features":' || p.features
    || ',"specifications":' || p.specifications || ',"inTheBox":' || p.in_the_box
    || ',"images":' || p.images || ',"downloads":' || p.downloads
    || '},"shippingInformation":{"weight":' || p.weight || ',"length":' || p.length
    || ',"width":' || p.width || ',"height":' || p.height
    || ',"requiresGeoWarehouse":' || p.requires_geo_warehouse || ',"requiresFlatbed":' || p.requires_flatbed
    || ',"requiresForkLift":' || p.requires_fork_lift || ',"requiresLiftGate":' || p.requires_lift_gate
    || ',"requiresResidential":' || p.requires_residential || ',"isSmallParcel":' || p.is_small_parcel || '}}'
$$;
--> statement-breakpoint
CREATE FUNCTION product_texts_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_texts AS x (sku, head, tail)
  SELECT w.sku, product_head_json(w), product_tail_json(w) FROM written_products w
  ORDER BY w.sku
  ON CONFLICT (sku) DO UPDATE SET head = excluded.head, tail = excluded.tail
    WHERE x.head IS DISTINCT FROM excluded.head OR x.tail IS DISTINCT FROM excluded.tail;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_texts_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS written_products FOR EACH STATEMENT EXECUTE FUNCTION product_texts_written();
--> statement-breakpoint
CREATE TRIGGER products_texts_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS written_products FOR EACH STATEMENT EXECUTE FUNCTION product_texts_written();
--> statement-breakpoint
INSERT INTO product_texts (sku, head, tail)
SELECT p.sku, product_head_json(p), product_tail_json(p) FROM products p;
