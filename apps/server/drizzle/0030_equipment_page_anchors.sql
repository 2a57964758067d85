-- Issue 37: a page deep in a branch's 70,000 units stepped over every serial index entry before it
-- (OFFSET), up to 140 index pages, most read from disk on the M set. Page anchors keep every 500th
-- serial number of a branch in serial order, so a page starts from the nearest anchor before it and
-- steps over fewer than 500 entries. Anchors belong to a version of the branch's units: triggers
-- move the version whenever units arrive, leave or change branch or serial, and a list uses only
-- anchors of the version it sees in its own snapshot, so an anchor is never stale. A list that
-- finds none builds them (equipment repository, rebuildPageAnchors).
CREATE TABLE equipment_unit_versions (
  organization_id integer NOT NULL,
  branch_id integer NOT NULL,
  version integer NOT NULL,
  PRIMARY KEY (organization_id, branch_id)
);
--> statement-breakpoint
INSERT INTO equipment_unit_versions (organization_id, branch_id, version)
SELECT DISTINCT organization_id, branch_id, 1 FROM equipment;
--> statement-breakpoint
CREATE TABLE equipment_page_anchors (
  organization_id integer NOT NULL,
  branch_id integer NOT NULL,
  version integer NOT NULL,
  position integer NOT NULL,
  serial_number text NOT NULL,
  PRIMARY KEY (organization_id, branch_id, version, position)
);
--> statement-breakpoint
CREATE FUNCTION equipment_unit_versions_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO equipment_unit_versions AS v (organization_id, branch_id, version)
  SELECT DISTINCT organization_id, branch_id, 1 FROM equipment_units_changed
  ON CONFLICT (organization_id, branch_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update moves the versions of both branches of a unit whose branch, organization or serial changed.
CREATE FUNCTION equipment_unit_versions_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO equipment_unit_versions AS v (organization_id, branch_id, version)
  SELECT DISTINCT c.organization_id, c.branch_id, 1
  FROM equipment_units_before o JOIN equipment_units_after n ON n.id = o.id
  CROSS JOIN LATERAL (VALUES (o.organization_id, o.branch_id), (n.organization_id, n.branch_id)) AS c(organization_id, branch_id)
  WHERE (o.organization_id, o.branch_id, o.serial_number) IS DISTINCT FROM (n.organization_id, n.branch_id, n.serial_number)
  ON CONFLICT (organization_id, branch_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_unit_versions_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM equipment_page_anchors;
  UPDATE equipment_unit_versions SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER equipment_unit_versions_insert AFTER INSERT ON equipment
  REFERENCING NEW TABLE AS equipment_units_changed FOR EACH STATEMENT EXECUTE FUNCTION equipment_unit_versions_moved();
--> statement-breakpoint
CREATE TRIGGER equipment_unit_versions_delete AFTER DELETE ON equipment
  REFERENCING OLD TABLE AS equipment_units_changed FOR EACH STATEMENT EXECUTE FUNCTION equipment_unit_versions_moved();
--> statement-breakpoint
CREATE TRIGGER equipment_unit_versions_update AFTER UPDATE ON equipment
  REFERENCING OLD TABLE AS equipment_units_before NEW TABLE AS equipment_units_after
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_unit_versions_updated();
--> statement-breakpoint
CREATE TRIGGER equipment_unit_versions_truncate AFTER TRUNCATE ON equipment
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_unit_versions_emptied();
