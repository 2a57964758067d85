/**
 * The monthly inspection reminder (issue 37; decision 021): on the first days of each month, every
 * organization with units due for inspection within 30 days (or overdue) gets one mail per user
 * with manageUsers, listing them. Once per month per organization whatever the number of server
 * processes: the process whose insert of (organization, month) into inspection_reminder_months
 * succeeds enqueues that organization's mail in the same transaction; any other finds the row and
 * writes nothing (and the outbox's dedupe keys would drop a repeat anyway). Every process runs the
 * check on a timer; whichever comes first sends.
 */
import { formatDate, INSPECTION_DUE_WITHIN_DAYS } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import { enqueueMail } from '../mail/index.js';
import { claimReminderMonth, dueUnits, organizationsDueUnreminded, reminderRecipients, type DueUnit } from './reminder-repository.js';
import { todayUtc } from './service.js';

/** A reminder missed on the 1st (no server running) still goes out on the 2nd or 3rd, never later in the month. */
export const REMINDER_LAST_DAY = 3;

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
  const candidates = await organizationsDueUnreminded(db, today, month);
  const sent: number[] = [];
  for (const organizationId of candidates) {
    const claimed = await db.transaction(async (tx) => {
      if (!(await claimReminderMonth(tx, organizationId, month))) return false;
      const units = await dueUnits(tx, organizationId, today);
      const recipients = await reminderRecipients(tx, organizationId);
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

/** Checks every `intervalMs` (and once at start); `on.sent` hears of the organizations this process sent for; stop() ends the timer. */
export function startInspectionReminders(
  db: Database,
  intervalMs: number,
  on: { sent: (organizationIds: number[]) => void; error: (error: unknown) => void },
): { stop: () => void } {
  const run = () =>
    void sendMonthlyInspectionReminders(db)
      .then((sent) => sent.length > 0 && on.sent(sent))
      .catch(on.error);
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
