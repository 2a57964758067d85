import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addCalendarDays,
  isValidTimeZone,
  recentOrdersWindow,
  recentWindowHeading,
  runtimeTimeZone,
  startOfDayIn,
} from './recent-window.js';

const iso = (d: Date) => d.toISOString();

describe('recentOrdersWindow', () => {
  // 2026-11-22 06:30 UTC is still Nov 21 (23:30) in Denver (UTC-7 in November).
  const justBeforeDenverMidnight = new Date('2026-11-22T06:59:59Z');
  const justAfterDenverMidnight = new Date('2026-11-22T07:00:00Z');

  it('takes calendar days in the caller zone, just before local midnight', () => {
    const w = recentOrdersWindow(justBeforeDenverMidnight, 1, 1, 'America/Denver');
    expect(iso(w.startTime)).toBe('2026-11-21T07:00:00.000Z');
    expect(iso(w.endTime)).toBe('2026-11-22T07:00:00.000Z');
  });

  it('moves to the next day one second later', () => {
    const w = recentOrdersWindow(justAfterDenverMidnight, 1, 1, 'America/Denver');
    expect(iso(w.startTime)).toBe('2026-11-22T07:00:00.000Z');
    expect(iso(w.endTime)).toBe('2026-11-23T07:00:00.000Z');
  });

  it('is UTC days for UTC', () => {
    const w = recentOrdersWindow(justBeforeDenverMidnight, 1, 1, 'UTC');
    expect(iso(w.startTime)).toBe('2026-11-22T00:00:00.000Z');
    expect(iso(w.endTime)).toBe('2026-11-23T00:00:00.000Z');
  });

  it.each([
    [3, 1, '2026-11-19T07:00:00.000Z', '2026-11-22T07:00:00.000Z'],
    [3, 2, '2026-11-16T07:00:00.000Z', '2026-11-19T07:00:00.000Z'],
    [7, 1, '2026-11-15T07:00:00.000Z', '2026-11-22T07:00:00.000Z'],
    [7, 3, '2026-11-01T06:00:00.000Z', '2026-11-08T07:00:00.000Z'],
    [1, 2, '2026-11-20T07:00:00.000Z', '2026-11-21T07:00:00.000Z'],
  ] as const)('timeFrame %i page %i', (timeFrame, page, start, end) => {
    const w = recentOrdersWindow(justBeforeDenverMidnight, timeFrame, page, 'America/Denver');
    expect(iso(w.startTime)).toBe(start);
    expect(iso(w.endTime)).toBe(end);
  });

  it('spans a daylight-saving change: Nov 1, 2026 is 25 hours long in Denver', () => {
    const w = recentOrdersWindow(new Date('2026-11-01T18:00:00Z'), 1, 1, 'America/Denver');
    expect(iso(w.startTime)).toBe('2026-11-01T06:00:00.000Z');
    expect(iso(w.endTime)).toBe('2026-11-02T07:00:00.000Z');
  });

  it('works east of UTC across a month end', () => {
    // 2026-11-30 10:30 UTC is Dec 1, 00:30 in Kiritimati (UTC+14).
    const w = recentOrdersWindow(new Date('2026-11-30T10:30:00Z'), 3, 1, 'Pacific/Kiritimati');
    expect(iso(w.startTime)).toBe('2026-11-28T10:00:00.000Z');
    expect(iso(w.endTime)).toBe('2026-12-01T10:00:00.000Z');
  });

  it('starts a day whose midnight does not exist at its first instant (Santiago, spring forward at 00:00)', () => {
    // Chile moved clocks from 00:00 to 01:00 on 2026-09-06.
    const start = startOfDayIn({ year: 2026, month: 9, day: 6 }, 'America/Santiago');
    expect(iso(start)).toBe('2026-09-06T04:00:00.000Z');
  });

  it('treats a page below 1 as page 1', () => {
    expect(recentOrdersWindow(justAfterDenverMidnight, 3, 0, 'UTC')).toEqual(recentOrdersWindow(justAfterDenverMidnight, 3, 1, 'UTC'));
  });
});

describe('helpers', () => {
  it('adds days across months and years', () => {
    expect(addCalendarDays({ year: 2026, month: 12, day: 30 }, 3)).toEqual({ year: 2027, month: 1, day: 2 });
    expect(addCalendarDays({ year: 2026, month: 3, day: 1 }, -1)).toEqual({ year: 2026, month: 2, day: 28 });
  });

  it.each([
    ['America/Denver', true],
    ['UTC', true],
    ['Europe/Berlin', true],
    ['Mars/Olympus', false],
    ['', false],
  ])('time zone %s valid: %s', (zone, valid) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });

  it('hides the end of a one-day window in the heading', () => {
    const w = recentOrdersWindow(new Date('2026-11-22T18:00:00Z'), 1, 1, 'America/Denver');
    expect(recentWindowHeading(w, 1, 'America/Denver')).toBe('Nov 22, 2026');
  });

  it('shows first and last day of a longer window', () => {
    const w = recentOrdersWindow(new Date('2026-11-22T18:00:00Z'), 3, 1, 'America/Denver');
    expect(recentWindowHeading({ startTime: iso(w.startTime), endTime: iso(w.endTime) }, 3, 'America/Denver')).toBe(
      'Nov 20, 2026 - Nov 22, 2026',
    );
  });
});

describe('runtimeTimeZone (the zone the web app sends, spec 9)', () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the runtime's own IANA zone", () => {
    expect(runtimeTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
    expect(isValidTimeZone(runtimeTimeZone())).toBe(true);
  });

  it('is UTC when the runtime does not say or cannot tell', () => {
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(
      () => ({ resolvedOptions: () => ({ timeZone: '' }) }) as unknown as Intl.DateTimeFormat,
    );
    expect(runtimeTimeZone()).toBe('UTC');
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(() => {
      throw new RangeError('no time zone data');
    });
    expect(runtimeTimeZone()).toBe('UTC');
  });
});
