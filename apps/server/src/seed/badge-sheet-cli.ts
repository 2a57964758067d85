/** `npm run badge-sheet`: writes the demo's printable page of badge QR codes (badge-sheet.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../config.js';
import { BADGE_SHEET_PATH, renderBadgeSheet } from './badge-sheet.js';
import { EVENT_BADGES } from './badges.js';

const USAGE = `usage: npm run badge-sheet   (writes ${BADGE_SHEET_PATH}; no options)`;

let help = false;
try {
  help = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }).values.help ?? false;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (help) {
  console.log(USAGE);
} else {
  const file = path.join(REPO_ROOT, BADGE_SHEET_PATH);
  fs.writeFileSync(file, await renderBadgeSheet(EVENT_BADGES));
  console.log(`Wrote ${EVENT_BADGES.length} badges to ${path.relative(process.cwd(), file)}`);
}
