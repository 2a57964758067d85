/**
 * Recent Orders windows (spec 2 "Recent Orders", spec 9): Day / 3 Days / Week of calendar days in
 * the caller's time zone. Page 1 ends with today; each later page is the same number of days
 * earlier (the "earlier" arrow). Pure: the clock and the zone are arguments. The zone arithmetic
 * (offsets, daylight-saving changes) is @date-fns/tz's TZDate, a Date that reads and sets its
 * fields in a named zone.
 */
import { TZDate, tzOffset } from '@date-fns/tz';

export const RECENT_TIME_FRAMES = [1, 3, 7] as const;
export type RecentTimeFrame = (typeof RECENT_TIME_FRAMES)[number];

export const RECENT_UPDATE_TYPES = ['any', 'entered', 'shipped', 'cancelled'] as const;
export type RecentUpdateType = (typeof RECENT_UPDATE_TYPES)[number];

export const RECENT_TIME_FRAME_LABELS: Record<RecentTimeFrame, string> = { 1: 'Day', 3: '3 Days', 7: 'Week' };
export const RECENT_UPDATE_TYPE_LABELS: Record<RecentUpdateType, string> = {
  any: 'Any',
  entered: 'Entered',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
};

/** Spec 9: 3 days, shipped, page 1 (also the dashboard's 3-day shipped count). */
export const RECENT_DEFAULTS = { timeFrame: 3, updateType: 'shipped', page: 1 } as const satisfies {
  timeFrame: RecentTimeFrame;
  updateType: RecentUpdateType;
  page: number;
};

export function isRecentTimeFrame(value: unknown): value is RecentTimeFrame {
  return RECENT_TIME_FRAMES.includes(value as RecentTimeFrame);
}

export function isRecentUpdateType(value: unknown): value is RecentUpdateType {
  return RECENT_UPDATE_TYPES.includes(value as RecentUpdateType);
}

/** The zone days are counted in when the caller names none, or one the runtime does not know. */
export const FALLBACK_TIME_ZONE = 'UTC';

/**
 * The IANA zone this runtime runs in (the browser's, for the web app): the zone whose calendar days
 * the Recent Orders window and the dashboard's recent count are counted in (spec 9). UTC when the
 * runtime does not say.
 */
export function runtimeTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

/** An IANA zone name the runtime knows (`America/Denver`, `UTC`). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  return !Number.isNaN(tzOffset(timeZone, new Date(0)));
}

export type CalendarDay = { year: number; month: number; day: number };

/** The calendar day an instant falls on in a zone. */
export function calendarDayIn(instant: Date, timeZone: string): CalendarDay {
  const local = new TZDate(instant.getTime(), timeZone);
  return { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
}

/** A calendar day moved by whole days (month and year roll over). */
export function addCalendarDays(day: CalendarDay, days: number): CalendarDay {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/**
 * The first instant of a calendar day in a zone: its midnight, or, where a daylight-saving change
 * skips midnight, the first moment that exists on that day (TZDate moves a missing local time
 * forward past the gap).
 */
export function startOfDayIn(day: CalendarDay, timeZone: string): Date {
  return new Date(new TZDate(day.year, day.month - 1, day.day, timeZone).getTime());
}

export type RecentWindow = { startTime: Date; endTime: Date };

/**
 * The window of a Recent Orders page: `timeFrame` whole days in `timeZone`, the last of them today
 * on page 1, `timeFrame` days earlier for each further page. `endTime` is exclusive (the next
 * midnight), so an order entered at 23:59:59 local time belongs to that day.
 */
export function recentOrdersWindow(now: Date, timeFrame: RecentTimeFrame, page: number, timeZone: string): RecentWindow {
  const today = calendarDayIn(now, timeZone);
  const lastDay = addCalendarDays(today, -(Math.max(1, Math.trunc(page)) - 1) * timeFrame);
  const firstDay = addCalendarDays(lastDay, -(timeFrame - 1));
  return { startTime: startOfDayIn(firstDay, timeZone), endTime: startOfDayIn(addCalendarDays(lastDay, 1), timeZone) };
}

const headingFormatters = new Map<string, Intl.DateTimeFormat>();

function mediumDateIn(timeZone: string): Intl.DateTimeFormat {
  let formatter = headingFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    headingFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The date-range heading of Recent Orders: `Nov 20, 2026 - Nov 22, 2026`; for one day only the
 * start (spec 9: end time hidden for 1 day). The end shown is the last day inside the window.
 */
export function recentWindowHeading(
  window: { startTime: string | Date; endTime: string | Date },
  timeFrame: RecentTimeFrame,
  timeZone: string,
): string {
  const format = mediumDateIn(isValidTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE);
  const start = format.format(new Date(window.startTime));
  if (timeFrame === 1) return start;
  const lastInstant = new Date(new Date(window.endTime).getTime() - 1);
  return `${start} - ${format.format(lastInstant)}`;
}
