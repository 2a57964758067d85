/** `npm run badge-sheet`: writes the demo's printable page of badge QR codes (badge-sheet.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';
import { BADGE_SHEET_PATH, renderBadgeSheet } from './badge-sheet.js';
import { EVENT_BADGES } from './badges.js';

const file = path.join(REPO_ROOT, BADGE_SHEET_PATH);
fs.writeFileSync(file, await renderBadgeSheet(EVENT_BADGES));
console.log(`Wrote ${EVENT_BADGES.length} badges to ${path.relative(process.cwd(), file)}`);
