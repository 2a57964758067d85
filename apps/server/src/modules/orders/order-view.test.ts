import { describe, expect, it } from 'vitest';
import { isoOfTimestampText } from './order-view.js';

describe('isoOfTimestampText', () => {
  it('writes PostgreSQL timestamptz text exactly as Date.toISOString does', () => {
    const texts = [
      '2026-11-22 16:31:21+00',
      '2026-11-22 16:31:21.2+00',
      '2026-11-22 16:31:21.25+00',
      '2026-11-22 16:31:21.228+00',
      '2026-11-22 16:31:21.2281+00',
      '2026-11-22 16:31:21.228999+00',
      '2024-02-29 00:00:00.000001+00',
      '1999-12-31 23:59:59.999999+00',
      // Other offsets take Date's path.
      '2026-11-22 09:31:21.228-07',
      '2026-11-22 22:01:21.5+05:30',
    ];
    for (const text of texts) expect(isoOfTimestampText(text), text).toBe(new Date(text).toISOString());
  });

  it('keeps milliseconds as Date does: truncated, not rounded', () => {
    expect(isoOfTimestampText('2026-11-22 16:31:21.228999+00')).toBe('2026-11-22T16:31:21.228Z');
    expect(isoOfTimestampText('2026-11-22 16:31:21+00')).toBe('2026-11-22T16:31:21.000Z');
  });
});
