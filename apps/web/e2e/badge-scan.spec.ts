import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { chooseDestinationState, expect, LIFTS_SKU, login, seedCart, test, USERS } from './fixtures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * 'Scan QR Code' on the checkout page (spec 2 "Checkout page", spec 9 "Badge scanner"): Chromium's
 * fake camera plays a video of a seeded badge's QR code (apps/server/src/seed/badges.ts), the
 * scanner decodes it, the badge lookup answers the registration, and the form is filled.
 */

const BADGE_ID = 'SEMA-1002';
const WIDTH = 640;
const HEIGHT = 480;

/** A Y4M video (4:2:0, 10 frames at 10 fps) of the QR code of `text`, black on white with a quiet zone. */
function writeQrVideo(file: string, text: string) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / 2 / (modules.size + 2 * quiet)) * 2 || 1;
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const y = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        const start = (top + (row + quiet) * scale + dy) * WIDTH + left + (col + quiet) * scale;
        y.fill(0, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

const videoFile = path.join(os.tmpdir(), `portal-e2e-badge-${process.pid}.y4m`);
writeQrVideo(videoFile, BADGE_ID);

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${videoFile}`,
    ],
  },
  permissions: ['camera'],
});

test.afterAll(() => fs.rmSync(videoFile, { force: true }));

test('Scan QR Code fills the shipping address and email from an event badge', async ({ page }) => {
  // Keeps the camera tracks the page opens, to prove the scanner stops the camera when it closes.
  await page.addInitScript(() => {
    // Tracks, not streams: the scanner removes the tracks from its stream when it stops them.
    const tracks: MediaStreamTrack[] = [];
    (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks = tracks;
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      tracks.push(...stream.getTracks());
      return stream;
    };
  });
  await login(page, USERS.admin, { branch: '101 Denver' });
  await chooseDestinationState(page, 'Colorado');
  await seedCart(page, USERS.admin, [[LIFTS_SKU.smallParcel, 1]], { branchNumber: 101 });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(USERS.admin);

  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  const modal = page.getByRole('dialog', { name: 'Scan QR Code' });
  await expect(modal).toBeVisible();
  // The badge is decoded from the camera, looked up, and the modal closes (stopping the camera).
  await expect(modal).toBeHidden({ timeout: 20_000 });
  const trackStates = () =>
    page.evaluate(() => (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks.map((t) => t.readyState));
  await expect.poll(trackStates).toEqual(['ended']);

  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('alicia.fuentes@fuentestire.example.com');
  await expect(page.getByLabel('Full Name')).toHaveValue('Alicia Fuentes');
  await expect(page.getByLabel('Address Line 1')).toHaveValue('918 S Flores St');
  await expect(page.getByLabel('Address Line 2')).toHaveValue('Suite 4');
  await expect(page.getByLabel('City')).toHaveValue('San Antonio');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue('TX');
  await expect(page.getByLabel('ZIP Code')).toHaveValue('78204');
  await expect(page.getByLabel('Country')).toHaveValue('US');
  await expect(page.getByLabel('Phone')).toHaveValue('2105550178');
});
