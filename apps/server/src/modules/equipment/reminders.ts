/**
 * The monthly inspection reminder (issue 37; decision 021): on the first days of each month, every
 * organization with units due for inspection within 30 days (or overdue) gets one mail per user
 * with manageUsers, listing them. Once per month per organization whatever the number of server
 * processes: the process whose insert of (organization, month) into inspection_reminder_months
 * succeeds enqueues that organization's mail in the same transaction; any other finds the row and
 * writes nothing (and the outbox's dedupe keys would drop a repeat anyway). Every process runs the
 * check on a timer; whichever comes first sends.
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatDate, INSPECTION_DUE_WITHIN_DAYS, INSPECTION_INTERVAL_MONTHS } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { enqueueMail } from '../mail/index.js';
import { todayUtc } from './service.js';

const rowsOf = async <T>(db: Queryable, statement: SQL): Promise<T[]> => (await db.execute(statement)).rows as T[];

/** A reminder missed on the 1st (no server running) still goes out on the 2nd or 3rd, never later in the month. */
export const REMINDER_LAST_DAY = 3;

const NEXT_INSPECTION = sql`(coalesce(e.last_inspected_on, e.installed_on) + make_interval(months => ${sql.raw(String(INSPECTION_INTERVAL_MONTHS))}))::date`;

type DueUnit = { serial_number: string; model: string | null; branch_number: number; location_name: string; next_inspection: string };

async function dueUnits(db: Queryable, organizationId: number, today: string): Promise<DueUnit[]> {
  return rowsOf<DueUnit>(
    db,
    sql`SELECT e.serial_number, p.model, b.branch_number, e.location_name, to_char(${NEXT_INSPECTION}, 'YYYY-MM-DD') AS next_inspection
        FROM equipment e JOIN branches b ON b.id = e.branch_id LEFT JOIN products p ON p.sku = e.sku
        WHERE e.organization_id = ${organizationId} AND ${NEXT_INSPECTION} <= ${today}::date + ${INSPECTION_DUE_WITHIN_DAYS}::int
        ORDER BY ${NEXT_INSPECTION}, e.serial_number`,
  );
}

/** Active, verified users of the organization who hold manageUsers (their own or inherited). */
async function managers(db: Queryable, organizationId: number): Promise<{ id: number; email: string; first_name: string }[]> {
  return rowsOf(
    db,
    sql`SELECT u.id, u.email, u.first_name FROM users u JOIN organizations o ON o.id = u.organization_id
        WHERE u.organization_id = ${organizationId} AND u.is_active AND u.is_verified
          AND 'manageUsers' = ANY(o.roles) AND (u.use_organization_roles OR 'manageUsers' = ANY(u.roles))
        ORDER BY u.id`,
  );
}

function reminderText(firstName: string, units: DueUnit[], month: string): string {
  const lines = units.map(
    (u) =>
      `- ${u.serial_number}${u.model ? ` ${u.model}` : ''}, branch ${u.branch_number}${u.location_name ? `, ${u.location_name}` : ''}: ` +
      `inspection ${formatDate(u.next_inspection)}`,
  );
  return [
    `Hello${firstName ? ` ${firstName}` : ''},`,
    '',
    `These units are due for their annual inspection within ${INSPECTION_DUE_WITHIN_DAYS} days, or overdue (${month}):`,
    '',
    ...lines,
    '',
    'Record each inspection on its page under Equipment in the dealer portal.',
  ].join('\n');
}

/**
 * Sends this month's reminders not sent yet; answers the organizations it sent for. Does nothing
 * after the REMINDER_LAST_DAY of the month.
 */
export async function sendMonthlyInspectionReminders(db: Database, now = new Date()): Promise<number[]> {
  if (now.getUTCDate() > REMINDER_LAST_DAY) return [];
  const today = todayUtc(now);
  const month = today.slice(0, 7);
  const candidates = await rowsOf<{ organization_id: number }>(
    db,
    sql`SELECT DISTINCT e.organization_id FROM equipment e
        WHERE ${NEXT_INSPECTION} <= ${today}::date + ${INSPECTION_DUE_WITHIN_DAYS}::int
          AND NOT EXISTS (SELECT 1 FROM inspection_reminder_months r WHERE r.organization_id = e.organization_id AND r.month = ${month})
        ORDER BY e.organization_id`,
  );
  const sent: number[] = [];
  for (const { organization_id: organizationId } of candidates) {
    const claimed = await db.transaction(async (tx) => {
      const [won] = await rowsOf(
        tx,
        sql`INSERT INTO inspection_reminder_months (organization_id, month) VALUES (${organizationId}, ${month})
            ON CONFLICT DO NOTHING RETURNING organization_id`,
      );
      if (!won) return false;
      const units = await dueUnits(tx, organizationId, today);
      const recipients = await managers(tx, organizationId);
      await enqueueMail(
        tx,
        recipients.map((user) => ({
          dedupeKey: `inspection-reminder:${organizationId}:${month}:${user.id}`,
          to: user.email,
          subject: `Inspections due: ${units.length} unit${units.length === 1 ? '' : 's'}`,
          text: reminderText(user.first_name, units, month),
        })),
      );
      return true;
    });
    if (claimed) sent.push(organizationId);
  }
  return sent;
}

/** Checks every `intervalMs` (and once at start); stop() ends the timer. */
export function startInspectionReminders(db: Database, intervalMs: number, onError: (error: unknown) => void): { stop: () => void } {
  const run = () => void sendMonthlyInspectionReminders(db).catch(onError);
  const first = setTimeout(run, 1000);
  const timer = setInterval(run, intervalMs);
  timer.unref();
  first.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
