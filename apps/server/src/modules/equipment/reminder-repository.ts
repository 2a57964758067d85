/**
 * The monthly inspection reminder's SQL (issue 37; decision 021): the organizations with units due,
 * the claim of (organization, month) that makes one process the sender, and what its mail lists.
 */
import { sql } from 'drizzle-orm';
import { INSPECTION_DUE_WITHIN_DAYS, INSPECTION_INTERVAL_MONTHS } from '@portal/domain/rules';
import type { Queryable } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

const NEXT_INSPECTION = sql`(coalesce(e.last_inspected_on, e.installed_on) + make_interval(months => ${sql.raw(String(INSPECTION_INTERVAL_MONTHS))}))::date`;
const isDue = (today: string) => sql`${NEXT_INSPECTION} <= ${today}::date + ${INSPECTION_DUE_WITHIN_DAYS}::int`;

export type DueUnit = {
  serial_number: string;
  model: string | null;
  branch_number: number;
  location_name: string;
  next_inspection: string;
};

/** The organizations with units due (within 30 days, or overdue) whose reminder of `month` is not claimed yet. */
export async function organizationsDueUnreminded(db: Queryable, today: string, month: string): Promise<number[]> {
  const rows = await queryRows<{ organization_id: number }>(
    db,
    sql`SELECT DISTINCT e.organization_id FROM equipment e
        WHERE ${isDue(today)}
          AND NOT EXISTS (SELECT 1 FROM inspection_reminder_months r WHERE r.organization_id = e.organization_id AND r.month = ${month})
        ORDER BY e.organization_id`,
  );
  return rows.map((r) => r.organization_id);
}

/**
 * Claims the organization's reminder of `month`: true for the one caller whose insert wrote the row
 * (the primary key makes every other, in any process, find it and get false).
 */
export async function claimReminderMonth(db: Queryable, organizationId: number, month: string): Promise<boolean> {
  const [won] = await queryRows(
    db,
    sql`INSERT INTO inspection_reminder_months (organization_id, month) VALUES (${organizationId}, ${month})
        ON CONFLICT DO NOTHING RETURNING organization_id`,
  );
  return won !== undefined;
}

export async function dueUnits(db: Queryable, organizationId: number, today: string): Promise<DueUnit[]> {
  return queryRows<DueUnit>(
    db,
    sql`SELECT e.serial_number, p.model, b.branch_number, e.location_name, to_char(${NEXT_INSPECTION}, 'YYYY-MM-DD') AS next_inspection
        FROM equipment e JOIN branches b ON b.id = e.branch_id LEFT JOIN products p ON p.sku = e.sku
        WHERE e.organization_id = ${organizationId} AND ${isDue(today)}
        ORDER BY ${NEXT_INSPECTION}, e.serial_number`,
  );
}

/** Active, verified users of the organization who hold manageUsers (their own or inherited). */
export async function reminderRecipients(
  db: Queryable,
  organizationId: number,
): Promise<{ id: number; email: string; first_name: string }[]> {
  return queryRows(
    db,
    sql`SELECT u.id, u.email, u.first_name FROM users u JOIN organizations o ON o.id = u.organization_id
        WHERE u.organization_id = ${organizationId} AND u.is_active AND u.is_verified
          AND 'manageUsers' = ANY(o.roles) AND (u.use_organization_roles OR 'manageUsers' = ANY(u.roles))
        ORDER BY u.id`,
  );
}
