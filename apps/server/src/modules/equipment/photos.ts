/**
 * Warranty claim photos (issue 37; decision 021): a photo is accepted only when its bytes are a
 * well-formed JPEG or PNG (its name and declared type are never trusted), and what is stored is
 * the image without its metadata: a JPEG loses its APPn segments (EXIF with GPS position and camera
 * serial, XMP, IPTC) and comments, keeping JFIF, the ICC colour profile and Adobe's colour-transform
 * marker; a PNG keeps its image and colour chunks and loses text, time, EXIF and unknown chunks.
 * The image data itself is copied byte for byte, so what the manufacturer sees is what was taken.
 */
import { crc32 } from 'node:zlib';
import { CLAIM_PHOTO_MAX_BYTES } from '@portal/domain/rules';

export type CleanPhoto = { contentType: 'image/jpeg' | 'image/png'; data: Buffer; width: number; height: number };

/** Why a file is refused, in words for the dealer. */
export class PhotoRefusedError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const notImage = () => new PhotoRefusedError('is not a JPEG or PNG image.');
const damaged = (kind: string) => new PhotoRefusedError(`is not a complete ${kind} image.`);

/** Checks a photo's bytes and answers it without metadata; PhotoRefusedError when it is not a whole JPEG or PNG of at most 10 MB. */
export function cleanPhoto(bytes: Buffer): CleanPhoto {
  if (bytes.length > CLAIM_PHOTO_MAX_BYTES) throw new PhotoRefusedError('is larger than 10 MB.');
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return cleanJpeg(bytes);
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return cleanPng(bytes);
  throw notImage();
}

// --- JPEG --------------------------------------------------------------------------------------------

/** Markers without a length: TEM and the restart markers (SOI and EOI are handled apart). */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** Start-of-frame markers carry the image size (C4 DHT, C8 JPG and CC DAC are not frames). */
const isFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** APPn and comment segments kept: JFIF/JFXX (APP0), the ICC profile (APP2) and Adobe's colour transform (APP14). */
function keepsSegment(marker: number, body: Buffer): boolean {
  if (marker === 0xfe) return false;
  if (marker < 0xe0 || marker > 0xef) return true;
  if (marker === 0xe0) return true;
  if (marker === 0xe2) return body.subarray(0, 12).toString('latin1') === 'ICC_PROFILE\0';
  if (marker === 0xee) return body.subarray(0, 5).toString('latin1') === 'Adobe';
  return false;
}

/** The end of the entropy-coded data that starts at `from`: the offset of the next real marker. */
function endOfScan(bytes: Buffer, from: number): number {
  let i = from;
  while (i < bytes.length - 1) {
    if (bytes[i] !== 0xff) {
      i++;
      continue;
    }
    const next = bytes[i + 1]!;
    // FF00 is a stuffed data byte, FFD0-FFD7 restart markers belong to the scan, FFFF is fill.
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) i += next === 0xff ? 1 : 2;
    else return i;
  }
  throw damaged('JPEG');
}

function cleanJpeg(bytes: Buffer): CleanPhoto {
  const parts: Buffer[] = [bytes.subarray(0, 2)];
  let i = 2;
  let size: { width: number; height: number } | undefined;
  let scans = 0;
  for (;;) {
    if (i + 1 >= bytes.length) throw damaged('JPEG');
    if (bytes[i] !== 0xff) throw damaged('JPEG');
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte before a marker
      continue;
    }
    if (marker === 0xd9) {
      parts.push(bytes.subarray(i, i + 2)); // EOI: anything after it is dropped
      break;
    }
    if (marker === 0xd8) throw damaged('JPEG');
    if (standalone(marker)) {
      parts.push(bytes.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (i + 4 > bytes.length) throw damaged('JPEG');
    const length = bytes.readUInt16BE(i + 2);
    const end = i + 2 + length;
    if (length < 2 || end > bytes.length) throw damaged('JPEG');
    const body = bytes.subarray(i + 4, end);
    if (isFrame(marker)) {
      if (body.length < 5) throw damaged('JPEG');
      size = { height: body.readUInt16BE(1), width: body.readUInt16BE(3) };
    }
    if (keepsSegment(marker, body)) parts.push(bytes.subarray(i, end));
    i = end;
    if (marker === 0xda) {
      if (!size) throw damaged('JPEG');
      scans++;
      const scanEnd = endOfScan(bytes, i);
      parts.push(bytes.subarray(i, scanEnd));
      i = scanEnd;
    }
  }
  if (!size || size.width === 0 || size.height === 0 || scans === 0) throw damaged('JPEG');
  return { contentType: 'image/jpeg', data: Buffer.concat(parts), ...size };
}

// --- PNG ---------------------------------------------------------------------------------------------

/** Chunks kept: the image, its palette and transparency, and how its colours are meant. */
const PNG_KEPT = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT']);

function cleanPng(bytes: Buffer): CleanPhoto {
  const parts: Buffer[] = [PNG_SIGNATURE];
  let i = 8;
  let size: { width: number; height: number } | undefined;
  let images = 0;
  let ended = false;
  while (!ended) {
    if (i + 12 > bytes.length) throw damaged('PNG');
    const length = bytes.readUInt32BE(i);
    const end = i + 12 + length;
    if (end > bytes.length) throw damaged('PNG');
    const type = bytes.subarray(i + 4, i + 8).toString('latin1');
    if (crc32(bytes.subarray(i + 4, i + 8 + length)) !== bytes.readUInt32BE(i + 8 + length)) throw damaged('PNG');
    if (i === 8) {
      if (type !== 'IHDR' || length !== 13) throw damaged('PNG');
      size = { width: bytes.readUInt32BE(i + 8), height: bytes.readUInt32BE(i + 12) };
    }
    if (type === 'IDAT') images++;
    if (type === 'IEND') ended = true;
    if (PNG_KEPT.has(type)) parts.push(bytes.subarray(i, end));
    i = end;
  }
  if (!size || size.width === 0 || size.height === 0 || images === 0) throw damaged('PNG');
  return { contentType: 'image/png', data: Buffer.concat(parts), ...size };
}

/** The stored name: the sent one without its folder and odd characters, its extension the real type's. */
export function photoFileName(sent: string, contentType: CleanPhoto['contentType']): string {
  const base = (sent.split(/[\\/]/).pop() ?? '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9 ._-]/g, '_')
    .slice(0, 100)
    .trim();
  return `${base || 'photo'}.${contentType === 'image/png' ? 'png' : 'jpg'}`;
}
