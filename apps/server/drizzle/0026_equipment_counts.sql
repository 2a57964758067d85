-- Issue 37: the equipment list's count without counting every unit. The M set has 70,000 units a
-- branch, and counting a branch's units read 20,000 heap pages (160 ms; 630 ms for three branches).
-- One row per organization, branch and inspection basis (the last inspection, else the install date;
-- 'infinity' when neither is known, so its next inspection is never due) with how many units have
-- it, kept by statement-level triggers on equipment in the same transaction as any change of its
-- rows. The list's count without a keyword or warranty filter then sums a few hundred rows, and
-- 'Inspection due' applies the next-inspection rule to those rows (equipment/repository.ts).
-- Valid on PostgreSQL 15 and PGlite.
CREATE TABLE equipment_counts (
  organization_id integer NOT NULL,
  branch_id integer NOT NULL,
  inspection_basis date NOT NULL,
  units integer NOT NULL,
  PRIMARY KEY (organization_id, branch_id, inspection_basis)
);
--> statement-breakpoint
INSERT INTO equipment_counts (organization_id, branch_id, inspection_basis, units)
SELECT organization_id, branch_id, coalesce(last_inspected_on, installed_on, 'infinity'::date), count(*)::int FROM equipment
GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Each trigger adds signed unit counts per group, written in key order (two transactions moving the
-- same groups take their row locks in the same order); groups left with none are removed.
CREATE FUNCTION equipment_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO equipment_counts AS c (organization_id, branch_id, inspection_basis, units)
  SELECT organization_id, branch_id, coalesce(last_inspected_on, installed_on, 'infinity'::date), count(*)::int
  FROM equipment_rows_added
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, branch_id, inspection_basis) DO UPDATE SET units = c.units + excluded.units;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO equipment_counts AS c (organization_id, branch_id, inspection_basis, units)
  SELECT organization_id, branch_id, coalesce(last_inspected_on, installed_on, 'infinity'::date), -count(*)::int
  FROM equipment_rows_removed
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, branch_id, inspection_basis) DO UPDATE SET units = c.units + excluded.units;
  DELETE FROM equipment_counts WHERE units <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only units whose organization, branch or inspection basis changed move a count (a new location does not).
CREATE FUNCTION equipment_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO equipment_counts AS c (organization_id, branch_id, inspection_basis, units)
  SELECT d.organization_id, d.branch_id, d.basis, sum(d.delta)::int
  FROM (
    SELECT o.organization_id, o.branch_id, coalesce(o.last_inspected_on, o.installed_on, 'infinity'::date) AS basis, -1 AS delta
    FROM equipment_rows_before o JOIN equipment_rows_after n ON n.id = o.id
    WHERE (o.organization_id, o.branch_id, coalesce(o.last_inspected_on, o.installed_on))
          IS DISTINCT FROM (n.organization_id, n.branch_id, coalesce(n.last_inspected_on, n.installed_on))
    UNION ALL
    SELECT n.organization_id, n.branch_id, coalesce(n.last_inspected_on, n.installed_on, 'infinity'::date), 1
    FROM equipment_rows_before o JOIN equipment_rows_after n ON n.id = o.id
    WHERE (o.organization_id, o.branch_id, coalesce(o.last_inspected_on, o.installed_on))
          IS DISTINCT FROM (n.organization_id, n.branch_id, coalesce(n.last_inspected_on, n.installed_on))
  ) d
  GROUP BY 1, 2, 3
  HAVING sum(d.delta) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, branch_id, inspection_basis) DO UPDATE SET units = c.units + excluded.units;
  DELETE FROM equipment_counts WHERE units <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION equipment_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM equipment_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER equipment_counts_insert AFTER INSERT ON equipment
  REFERENCING NEW TABLE AS equipment_rows_added FOR EACH STATEMENT EXECUTE FUNCTION equipment_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER equipment_counts_delete AFTER DELETE ON equipment
  REFERENCING OLD TABLE AS equipment_rows_removed FOR EACH STATEMENT EXECUTE FUNCTION equipment_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER equipment_counts_update AFTER UPDATE ON equipment
  REFERENCING OLD TABLE AS equipment_rows_before NEW TABLE AS equipment_rows_after
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_counts_updated();
--> statement-breakpoint
CREATE TRIGGER equipment_counts_truncate AFTER TRUNCATE ON equipment
  FOR EACH STATEMENT EXECUTE FUNCTION equipment_counts_emptied();
