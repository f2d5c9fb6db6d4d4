import type { Page } from 'playwright-core';
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

/** Fills every field of the publish form but the photos (a photography course in Cluj-Napoca). */
export async function fillPhotoForm(page: Page, title: string): Promise<void> {
  await page.getByLabel('Titlu').fill(title);
  await page.getByText('Meditații & Cursuri').click();
  await page
    .getByLabel('Descriere')
    .fill('Lecții de fotografie pe teren, cu exerciții la fiecare întâlnire și materiale incluse.');
  await page.getByRole('button', { name: /Locație/ }).click();
  await page.getByRole('button', { name: 'Cluj', exact: true }).click();
  await page.getByRole('button', { name: 'Cluj-Napoca', exact: true }).click();
  await page.getByLabel('Persoana de contact').fill('Maria Pop');
  await page.getByLabel('Telefon').fill('0712345678');
}

/**
 * The bytes of each photo upload as the page sends it (the DevTools copy of a request body leaves file
 * parts out): read in the page when the XHR starts. Install after the page has loaded.
 */
export async function capturePhotoUploads(page: Page): Promise<Buffer[]> {
  const sent: Buffer[] = [];
  await page.exposeFunction('photoSent', (b64: string) => sent.push(Buffer.from(b64, 'base64')));
  await page.evaluate(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const photo = body instanceof FormData ? body.get('image') : null;
      if (photo instanceof Blob) {
        void photo.arrayBuffer().then((b) => {
          let s = '';
          for (const c of new Uint8Array(b)) s += String.fromCharCode(c);
          (window as unknown as { photoSent(b: string): void }).photoSent(btoa(s));
        });
      }
      return send.call(this, body as XMLHttpRequestBodyInit);
    };
  });
  return sent;
}
