import { describe, expect, it } from 'vitest';
import { CLAIM_PHOTO_MAX_BYTES } from '@portal/domain/rules';
import { jpegWithMetadata, makePng, SAMPLE_JPEG } from './photo-fixtures.js';
import { cleanPhoto, photoFileName, PhotoRefusedError } from './photos.js';

describe('claim photos (issue 37): checked by content, stored without metadata', () => {
  it('keeps a plain JPEG as it is and reads its size', () => {
    const clean = cleanPhoto(SAMPLE_JPEG);
    expect(clean).toMatchObject({ contentType: 'image/jpeg', width: 16, height: 16 });
    expect(clean.data.equals(SAMPLE_JPEG)).toBe(true);
  });

  it('drops EXIF, XMP and comments from a JPEG and keeps its image bytes', () => {
    const clean = cleanPhoto(jpegWithMetadata());
    const text = clean.data.toString('latin1');
    expect(text).not.toContain('GPS');
    expect(text).not.toContain('owner secret');
    expect(text).not.toContain('comment secret');
    expect(clean.data.equals(SAMPLE_JPEG)).toBe(true);
  });

  it('drops text chunks and unknown chunks from a PNG', () => {
    const withText = makePng({ text: 'Location: 1600 Broadway', minBytes: 10 });
    const clean = cleanPhoto(withText);
    expect(clean).toMatchObject({ contentType: 'image/png', width: 8, height: 8 });
    expect(clean.data.toString('latin1')).not.toContain('Broadway');
    expect(clean.data.equals(makePng())).toBe(true);
  });

  it('refuses what is not a JPEG or PNG, whatever its name', () => {
    expect(() => cleanPhoto(Buffer.from('%PDF-1.7 not a photo'))).toThrow(PhotoRefusedError);
    expect(() => cleanPhoto(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toThrow('is not a JPEG or PNG image.');
    expect(() => cleanPhoto(Buffer.alloc(0))).toThrow(PhotoRefusedError);
  });

  it('refuses a cut-off or corrupted image', () => {
    expect(() => cleanPhoto(SAMPLE_JPEG.subarray(0, 300))).toThrow('is not a complete JPEG image.');
    const png = makePng();
    const corrupted = Buffer.from(png);
    corrupted[40] = (corrupted[40]! + 1) % 256; // inside IDAT: its CRC no longer matches
    expect(() => cleanPhoto(corrupted)).toThrow('is not a complete PNG image.');
    expect(() => cleanPhoto(png.subarray(0, png.length - 12))).toThrow('is not a complete PNG image.');
  });

  it('refuses a photo over 10 MB', () => {
    expect(() => cleanPhoto(makePng({ minBytes: CLAIM_PHOTO_MAX_BYTES }))).toThrow('is larger than 10 MB.');
  });

  it('names the stored file by its real type', () => {
    expect(photoFileName('C:\\photos\\lift arm.png', 'image/jpeg')).toBe('lift arm.jpg');
    expect(photoFileName('../../etc/passwd', 'image/png')).toBe('passwd.png');
    expect(photoFileName('<script>.jpg', 'image/jpeg')).toBe('_script_.jpg');
    expect(photoFileName('', 'image/png')).toBe('photo.png');
  });
});
