-- Issue 32: synonym sets per catalog, managed by the manufacturer (PUT /api/integration/catalogs/{id}/synonyms,
-- `npm run portal -- import synonyms FILE --catalog=ID`). One row per catalog holding its sets, each a
-- list of lower-cased terms (["two post", "2 post"]): they are always read and replaced whole, and the
-- search expands a query's words with them (catalog/synonyms.ts). A replacement moves the catalog's
-- search version (catalog_search_totals, 0006) in the same transaction, because cached results and
-- the typo vocabulary key on that version. Valid on PostgreSQL 15 and PGlite.
CREATE TABLE "catalog_synonyms" (
  "catalog_id" text PRIMARY KEY NOT NULL,
  "sets" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_synonyms" ADD CONSTRAINT "catalog_synonyms_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;
