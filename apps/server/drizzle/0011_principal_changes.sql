-- The session cache (issue 15, decision 014): every process keeps the callers it has seen for a few
-- seconds and drops them when a row they are read from changes, in any process (the server's,
-- the CLI's, hand-written SQL). Statement-level triggers on every table the principal is read from
-- (auth/repository.ts findSessionCaller) notify `principal_changes` on commit; each process LISTENs.
-- The payload is the table's name (a transaction's identical notifications arrive once). Sessions
-- notify on an end (revoked_at, expires_at, any other column) or a delete, never on the idle
-- clock's touch (last_seen_at alone) nor on a new login. Valid on PostgreSQL 15 and PGlite.
CREATE FUNCTION principal_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principal_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_principal_changes
  AFTER UPDATE OF token_hash, user_id, device_id, created_at, expires_at, revoked_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changes_notify();
--> statement-breakpoint
CREATE TRIGGER users_principal_changes
  AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changes_notify();
--> statement-breakpoint
CREATE TRIGGER organizations_principal_changes
  AFTER UPDATE OR DELETE OR TRUNCATE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changes_notify();
--> statement-breakpoint
-- A new branch joins the principal of every user who inherits the organization's branches.
CREATE TRIGGER branches_principal_changes
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON branches
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changes_notify();
--> statement-breakpoint
CREATE TRIGGER user_branches_principal_changes
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_branches
  FOR EACH STATEMENT EXECUTE FUNCTION principal_changes_notify();
