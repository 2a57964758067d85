-- Issue 32 (decision 023): the hourly 'Featured' recount no longer rebuilds a catalog's search index.
-- The recount moves the catalog's search version (featured.ts), as every change of its listings,
-- texts and synonyms does, and an index built for an older version was built again: seconds of a
-- server process's thread on the M set. Each recount's move is now also counted here, so
-- `version - popularity_moves` moves only with the listings, texts and synonyms: an index whose
-- count of those is still the catalog's reads the products' popularity again and keeps the rest.
-- Every other writer of catalog_search_totals moves `version` alone, as before.
-- Valid on PostgreSQL 15 and PGlite.
ALTER TABLE catalog_search_totals ADD COLUMN popularity_moves bigint NOT NULL DEFAULT 0;
