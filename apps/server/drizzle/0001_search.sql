-- Catalog and order search (server-rules "Catalog"; performance.md): full text for words,
-- trigrams (pg_trgm) for partial SKUs and typos. Expression indexes, so both PostgreSQL 15 and
-- PGlite accept them and nothing has to be kept in sync by triggers.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_search_fts_idx ON products USING gin (
  to_tsvector('english', sku || ' ' || brand || ' ' || model || ' ' || label || ' ' || short_description || ' ' || medium_description)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sku_trgm_idx ON products USING gin (sku gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_label_trgm_idx ON products USING gin (label gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_sku_lower_idx ON products (lower(sku));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_email_lower_idx ON users (lower(email));
