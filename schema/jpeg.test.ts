import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegDimensions, jpegHasExif, jpegSegments } from './jpeg.ts';

const gps = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: '#3060c0' } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '46/1 46/1 0/1' } })
    .jpeg({ progressive: true })
    .toBuffer();

describe('jpeg structure', () => {
  it('reads the size from the frame header, baseline and progressive', async () => {
    const plain = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    expect(jpegDimensions(plain)).toEqual({ width: 300, height: 200 });
    expect(jpegDimensions(await gps())).toEqual({ width: 120, height: 80 });
  });

  it('finds an EXIF block, and none once sharp re-encodes', async () => {
    const withGps = await gps();
    expect(jpegHasExif(withGps)).toBe(true);
    expect(jpegHasExif(await sharp(withGps).jpeg().toBuffer())).toBe(false);
  });

  it('says null for what is not a JPEG or is cut before the frame header', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(jpegSegments(png)).toBeNull();
    expect(jpegDimensions(png)).toBeNull();
    expect(jpegDimensions((await gps()).subarray(0, 30))).toBeNull();
    expect(jpegDimensions(new Uint8Array([0xff, 0xd8, 0xff]))).toBeNull();
  });
});
