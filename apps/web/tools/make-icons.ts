/**
 * Draws the web manifest's PNG icons (vite.config.ts, spec 9) from public/favicon.svg with the
 * system Chromium, the browser the end-to-end tests use: no image library to install. Run it again
 * only when the favicon changes, and commit the PNGs:
 *
 *   node --import tsx apps/web/tools/make-icons.ts
 *
 * - icon-192.png, icon-512.png: the favicon as it is (rounded corners, transparent outside them).
 * - icon-maskable-512.png, apple-touch-icon-180.png: square, filled to the edges, for launchers that
 *   cut their own shape (the glyph sits inside the maskable safe zone, the middle 80 %).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const favicon = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const square = favicon.replace(/ rx="[^"]*"/, '');
if (square === favicon) throw new Error('favicon.svg has no rounded rectangle (rx) to square off; update tools/make-icons.ts');

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: square },
  { file: 'apple-touch-icon-180.png', size: 180, svg: square },
];

mkdirSync(path.join(publicDir, 'icons'), { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const src = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${src}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: path.join(publicDir, 'icons', icon.file), omitBackground: true });
    console.log(`public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
