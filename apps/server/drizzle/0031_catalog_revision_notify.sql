-- Issue 32 (decision 023): a moved catalog data revision announces itself on commit. Every server
-- process hears `catalog_data_revision` on its listening connection (decision 014) and brings the
-- catalog search indexes it holds up to date at once, so a search on the held index finds it
-- current instead of falling back to the slower path after each feed write. One notification per
-- transaction (PostgreSQL folds identical ones); the payload is empty, the revision is read anew.
CREATE FUNCTION catalog_data_revision_announced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_data_revision', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER catalog_data_revision_announced AFTER INSERT OR UPDATE ON catalog_data_revision
FOR EACH STATEMENT EXECUTE FUNCTION catalog_data_revision_announced();
