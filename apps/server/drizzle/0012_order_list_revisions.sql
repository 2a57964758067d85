-- Order list answers kept per process (issue 15, decision 009): Open Orders and Recent Orders of a
-- branch are answered from memory while the branch's revision is the one they were built at
-- (modules/orders/list-cache.ts). These triggers give every branch whose orders a statement
-- inserted, updated, deleted or truncated a new revision, in the same transaction, whoever writes:
-- checkout, the integration, the CLI, the seed or hand-written SQL. Revisions come from a sequence
-- so that none is ever handed out twice, even after a branch's row is deleted and made again.
-- Branches are locked in one order (organization, branch), so two writers never wait on each other
-- crosswise. Valid on PostgreSQL 15 and PGlite.
CREATE SEQUENCE "order_list_revision_seq";
--> statement-breakpoint
CREATE TABLE "order_list_revisions" (
	"organization_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"revision" bigint NOT NULL,
	CONSTRAINT "order_list_revisions_organization_id_branch_id_pk" PRIMARY KEY("organization_id","branch_id")
);
--> statement-breakpoint
-- Inserts and deletes name their transition table `changed` (new rows or old rows).
CREATE FUNCTION order_list_revisions_renewed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_list_revisions (organization_id, branch_id, revision)
  SELECT organization_id, branch_id, nextval('order_list_revision_seq')
  FROM (SELECT DISTINCT organization_id, branch_id FROM changed) branches ORDER BY organization_id, branch_id
  ON CONFLICT (organization_id, branch_id) DO UPDATE SET revision = excluded.revision;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update may move an order to another branch: both branches' lists change.
CREATE FUNCTION order_list_revisions_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_list_revisions (organization_id, branch_id, revision)
  SELECT organization_id, branch_id, nextval('order_list_revision_seq')
  FROM (SELECT organization_id, branch_id FROM changed UNION SELECT organization_id, branch_id FROM removed) branches
  ORDER BY organization_id, branch_id
  ON CONFLICT (organization_id, branch_id) DO UPDATE SET revision = excluded.revision;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION order_list_revisions_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_list_revisions SET revision = nextval('order_list_revision_seq');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_list_revision_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_list_revisions_renewed();
--> statement-breakpoint
CREATE TRIGGER orders_list_revision_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_list_revisions_renewed();
--> statement-breakpoint
CREATE TRIGGER orders_list_revision_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS removed NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION order_list_revisions_updated();
--> statement-breakpoint
CREATE TRIGGER orders_list_revision_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_list_revisions_emptied();
--> statement-breakpoint
-- Orders already in the database (an upgrade): every branch that has any gets its first revision.
INSERT INTO order_list_revisions (organization_id, branch_id, revision)
SELECT organization_id, branch_id, nextval('order_list_revision_seq')
FROM (SELECT DISTINCT organization_id, branch_id FROM orders) branches ORDER BY organization_id, branch_id;
