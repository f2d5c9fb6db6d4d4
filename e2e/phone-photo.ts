import sharp from 'sharp';

/**
 * A camera photo for browser tests and the publish bench (issue 22): `width`×`height` of smooth colour
 * with fine grain (it compresses like a photo, not like noise or a flat colour: 4000×3000 at quality 85
 * is 3–5 MB), EXIF orientation 6 (the phone held upright: shown as height×width), the phone's make and
 * a GPS position — everything that must not leave the device.
 */
export async function phonePhoto(seed: number, width = 4000, height = 3000, quality = 85) {
  const raw = Buffer.alloc(width * height * 3);
  let r = seed * 7919;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      r = (r * 1103515245 + 12345) & 0x7fffffff;
      const grain = (r >> 16) % 24;
      const i = (y * width + x) * 3;
      raw[i] = (128 + 100 * Math.sin((x + seed * 90) / 211) + grain) & 0xff;
      raw[i + 1] = (128 + 90 * Math.cos((y + seed * 50) / 173) + grain) & 0xff;
      raw[i + 2] = (128 + 80 * Math.sin((x + y) / 307) + grain) & 0xff;
    }
  }
  const buffer = await sharp(raw, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Telefonul Mariei' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '46/1 46/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '23/1 35/1 0/1',
      },
    })
    .jpeg({ quality })
    .toBuffer();
  return { name: `IMG_${1000 + seed}.jpg`, mimeType: 'image/jpeg', buffer };
}
