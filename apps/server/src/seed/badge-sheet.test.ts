import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { BADGE_SHEET_PATH, renderBadgeSheet } from './badge-sheet.js';
import { EVENT_BADGES } from './badges.js';

describe('the demo badge sheet (demo-data.md "Event badges")', () => {
  it('has one QR code per seeded badge, captioned with the name and badge id, escaped', async () => {
    const sheet = await renderBadgeSheet(EVENT_BADGES);
    expect(sheet.match(/<svg /g)).toHaveLength(EVENT_BADGES.length);
    expect(EVENT_BADGES.length).toBeGreaterThanOrEqual(5);
    for (const badge of EVENT_BADGES) {
      expect(sheet).toContain(`<code>${badge.badgeId}</code>`);
      expect(sheet).toContain(`${badge.firstName} ${badge.lastName}`.replace(/&/g, '&amp;'));
    }
    const [first] = EVENT_BADGES;
    const hostile = await renderBadgeSheet([{ ...first!, company: '<script>alert(1)</script>' }]);
    expect(hostile).not.toContain('<script>');
    expect(hostile).toContain('&lt;script&gt;');
  });

  it('is committed as generated, so the page matches the seed (npm run badge-sheet)', async () => {
    const committed = fs.readFileSync(path.join(REPO_ROOT, BADGE_SHEET_PATH), 'utf8');
    expect(committed).toBe(await renderBadgeSheet(EVENT_BADGES));
  });
});
