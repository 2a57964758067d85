-- Issue 32 (decision 023): the catalog search index orders by an organization's own price list too.
-- A process holds such a list beside a catalog's index and must learn when the list changes: each
-- price list now carries the catalog data revision (0013) of the last statement that changed its
-- items, and the index's catch-up (readIndexChanges) asks which lists were stamped after the revision
-- it has applied, as it asks for the price and stock rows. The stamping triggers run after
-- `price_list_items_data_revision` (triggers of one event fire in name order), so the revision they
-- read is the one that statement drew. Valid on PostgreSQL 15 and PGlite.
ALTER TABLE price_lists ADD COLUMN items_revision bigint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE FUNCTION price_list_items_stamped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE price_lists SET items_revision = catalog_data_revision_now();
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE price_lists SET items_revision = catalog_data_revision_now()
    WHERE id IN (SELECT DISTINCT price_list_id FROM items_after);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE price_lists SET items_revision = catalog_data_revision_now()
    WHERE id IN (SELECT DISTINCT price_list_id FROM items_before);
  ELSE
    UPDATE price_lists SET items_revision = catalog_data_revision_now()
    WHERE id IN (SELECT price_list_id FROM items_after UNION SELECT price_list_id FROM items_before);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER price_list_items_stamp_insert AFTER INSERT ON price_list_items
  REFERENCING NEW TABLE AS items_after FOR EACH STATEMENT EXECUTE FUNCTION price_list_items_stamped();
--> statement-breakpoint
CREATE TRIGGER price_list_items_stamp_update AFTER UPDATE ON price_list_items
  REFERENCING OLD TABLE AS items_before NEW TABLE AS items_after FOR EACH STATEMENT EXECUTE FUNCTION price_list_items_stamped();
--> statement-breakpoint
CREATE TRIGGER price_list_items_stamp_delete AFTER DELETE ON price_list_items
  REFERENCING OLD TABLE AS items_before FOR EACH STATEMENT EXECUTE FUNCTION price_list_items_stamped();
--> statement-breakpoint
CREATE TRIGGER price_list_items_stamp_truncate AFTER TRUNCATE ON price_list_items
  FOR EACH STATEMENT EXECUTE FUNCTION price_list_items_stamped();
