-- The priced parts of product answers kept per process (issue 15, decision 005 update): price, MSRP,
-- availability and receipts of a product for a catalog, pricing terms and destination state are
-- answered from memory while this revision stands (modules/catalog/priced-cache.ts). The triggers
-- move it in the same transaction as any change of a table those parts are computed from, whoever
-- writes: the import, the integration, the CLI, the seed or hand-written SQL. Readers read it with
-- the catalog's visibility check, before anything else, so a kept part is never older than its tag.
-- Revisions come from a sequence, so none is handed out twice, even if the row is deleted and made
-- again (a missing row means nothing is kept).
--
-- Lock order: every writer of these tables takes the one row's lock at the end of its statement,
-- before the catalog search triggers of 0006 take catalog_search_totals' rows (triggers of one
-- event fire in name order, and `<table>_data_revision` sorts before `<table>_search_*`), so the
-- two never wait on each other crosswise. Writers of catalog data commit one after the other; they
-- are bulk imports and integration updates, not the dealers' checkouts. Valid on PostgreSQL 15 and
-- PGlite.
CREATE SEQUENCE "catalog_data_revision_seq";
--> statement-breakpoint
CREATE TABLE "catalog_data_revision" (
	"id" integer PRIMARY KEY NOT NULL,
	"revision" bigint NOT NULL,
	CONSTRAINT "catalog_data_revision_one_row" CHECK ("catalog_data_revision"."id" = 1)
);
--> statement-breakpoint
CREATE FUNCTION catalog_data_revision_renewed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalog_data_revision (id, revision) VALUES (1, nextval('catalog_data_revision_seq'))
  ON CONFLICT (id) DO UPDATE SET revision = excluded.revision;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One trigger per table, named `<table>_data_revision`.
DO $$
DECLARE
  priced_from text;
BEGIN
  FOREACH priced_from IN ARRAY ARRAY['products', 'catalog_products', 'catalogs', 'price_list_items', 'stock', 'scheduled_receipts', 'warehouses']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION catalog_data_revision_renewed()',
      priced_from || '_data_revision', priced_from);
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO catalog_data_revision (id, revision) VALUES (1, nextval('catalog_data_revision_seq'));
