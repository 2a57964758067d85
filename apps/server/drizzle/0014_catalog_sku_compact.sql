-- Issue 32: a SKU typed in any case, with or without its dashes and spaces, finds that product.
-- The compact key (lower case, letters and digits only; keywords.ts compactSku does the same) is
-- matched exactly and as a prefix through a btree range, instead of trigram scans over every row.
ALTER TABLE "catalog_search" ADD COLUMN "sku_compact" text GENERATED ALWAYS AS (regexp_replace(lower(sku), '[^a-z0-9]+', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "catalog_search_sku_compact_idx" ON "catalog_search" USING btree ("catalog_id","sku_compact" text_pattern_ops);
