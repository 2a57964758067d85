/**
 * A camera for tests: Chromium's fake capture device plays a Y4M video of one QR code, so the
 * real scanner (html5-qrcode) decodes it as it would a badge held up to a phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { test } from './fixtures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

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

/** Points this spec file's browser at a fake camera showing the QR code of `text`, with camera permission granted. */
export function withFakeCameraShowing(text: string) {
  const videoFile = path.join(os.tmpdir(), `portal-e2e-qr-${process.pid}-${text.replace(/\W/g, '')}.y4m`);
  writeQrVideo(videoFile, text);
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
}
