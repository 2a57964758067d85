/** Test images (never used by the app): a real JPEG, the same with EXIF, and PNGs built here with text chunks. */
import { crc32, deflateSync } from 'node:zlib';

/** A 16x16 baseline JPEG (JFIF, quality 80). */
export const SAMPLE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wCEAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSgBBwcHCggKEwoKEygaFhooKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKP/AABEIABAAEAMBEQACEQEDEQH/xAGiAAABBQEBAQEBAQAAAAAAAAAAAQIDBAUGBwgJCgsQAAIBAwMCBAMFBQQEAAABfQECAwAEEQUSITFBBhNRYQcicRQygZGhCCNCscEVUtHwJDNicoIJChYXGBkaJSYnKCkqNDU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6g4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2drh4uPk5ebn6Onq8fLz9PX29/j5+gEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoLEQACAQIEBAMEBwUEBAABAncAAQIDEQQFITEGEkFRB2FxEyIygQgUQpGhscEJIzNS8BVictEKFiQ04SXxFxgZGiYnKCkqNTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqCg4SFhoeIiYqSk5SVlpeYmZqio6Slpqeoqaqys7S1tre4ubrCw8TFxsfIycrS09TV1tfY2dri4+Tl5ufo6ery8/T19vf4+fr/2gAMAwEAAhEDEQA/AOYdERuBFg9By38q+TTb7n6mm33/ACHps9I/++GqXf8AqxLv5/eiTDMuCJcH0UCpul2Iulrp+JDlkbaxKkdjNirsnqvyNLJ6r8j/AP/Z',
  'base64',
);

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
};

/** SAMPLE_JPEG with an EXIF segment (a GPS-like text), an XMP segment and a comment after its JFIF header. */
export function jpegWithMetadata(): Buffer {
  const app0Length = SAMPLE_JPEG.readUInt16BE(4);
  const afterApp0 = 4 + app0Length;
  return Buffer.concat([
    SAMPLE_JPEG.subarray(0, afterApp0),
    segment(0xe1, Buffer.from('Exif\0\0GPS 39.7392N 104.9903W camera serial 12345', 'latin1')),
    segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>owner secret</x:xmpmeta>', 'latin1')),
    segment(0xfe, Buffer.from('comment secret', 'latin1')),
    SAMPLE_JPEG.subarray(afterApp0),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** An RGB PNG of one colour, with a tEXt chunk when `text` is given; padded past `minBytes` with an unknown ancillary chunk. */
export function makePng(options: { width?: number; height?: number; text?: string; minBytes?: number } = {}): Buffer {
  const { width = 8, height = 8, text, minBytes = 0 } = options;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter choice, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(text ? [chunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'))] : []),
    ...(minBytes > 0 ? [chunk('zzPd', Buffer.alloc(minBytes))] : []),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ];
  return Buffer.concat(parts);
}
