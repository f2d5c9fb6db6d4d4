/**
 * A seller on a weak link publishes ten phone photos (issue 22). Chromium as the weak phone: DevTools
 * "Slow 4G" (562.5 ms latency, 84,375 B/s up) and 4× CPU slowdown. Ten camera photos of 4000×3000,
 * 3–5 MB each, with orientation, the phone's make and a GPS position in EXIF (e2e/phone-photo.ts).
 * The page talks to the server through a counting TCP proxy, so "uploaded" is every byte the phone sent
 * (HTTP headers, the sync socket, the photos, the publish), as a carrier would count it.
 *
 * Two journeys, each on a fresh account and page, the form already filled (the worst case for uploads
 * made while typing: there is no typing time to hide them):
 *   1. pick the ten photos, press 'Publică' as soon as they show; time until the announcement is on
 *      the server with its ten photos;
 *   2. the same, with the link cut when half of the first journey's bytes went up, back 10 s later.
 * Checks: bytes sent, time, bytes sent twice (journey 2 − journey 1), stored photos' long side, no EXIF
 * in the bytes sent (read in the page as each upload starts), in the device's stores, on the server;
 * the device's outbox size for the ten photos.
 *   npm run bench:publish
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import {
  apiAccount,
  launchBrowser,
  openSignedIn,
  queryServerDb,
  TestServer,
  until,
  waitForServiceWorker,
} from '../../e2e/harness.ts';
import { capturePhotoUploads, fillPhotoForm, phonePhoto } from '../../e2e/phone-photo.ts';
import { LIMITS } from '../../schema/constants.ts';
import { jpegHasExif } from '../../schema/jpeg.ts';
import { PHONE, weakPhone } from './page-lib.ts';

const GOALS = { uploadedMB: 3.5, publishS: 60, outboxMB: 4 };
const PHOTOS = 10;

/** A TCP proxy that counts what the client sends upstream. `cut` drops every connection and refuses new ones. */
class CountingProxy {
  up = 0;
  private server: Server;
  private sockets = new Set<Socket>();
  private down = false;
  port = 0;
  constructor(private target: number) {
    this.server = createServer((client) => {
      if (this.down) return client.destroy();
      const upstream = new Socket();
      upstream.connect(this.target, '127.0.0.1');
      this.sockets.add(client).add(upstream);
      client.on('data', (chunk) => {
        this.up += chunk.length;
        upstream.write(chunk);
      });
      upstream.on('data', (chunk) => client.write(chunk));
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.sockets.delete(client);
        this.sockets.delete(upstream);
      };
      client.on('close', end).on('error', end);
      upstream.on('close', end).on('error', end);
    });
  }
  listen(): Promise<void> {
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => {
        this.port = (this.server.address() as { port: number }).port;
        resolve();
      }),
    );
  }
  setDown(down: boolean): void {
    this.down = down;
    if (down) for (const s of this.sockets) s.destroy();
  }
  close(): void {
    this.setDown(true);
    this.server.close();
  }
}

/** Every Blob the device keeps in its draft-photo and publish stores, as bytes. */
async function deviceBlobs(page: Page): Promise<Buffer[]> {
  const all = await page.evaluate(async () => {
    const out: string[] = [];
    for (const name of ['hobbiz_device_draft_photos', 'hobbiz_device_publishes']) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      if (!db.objectStoreNames.contains('items')) continue;
      const values = await new Promise<unknown[]>((resolve) => {
        const req = db.transaction('items').objectStore('items').getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve([]);
      });
      db.close();
      // A loop, not a named helper: the bundler would wrap a helper in a function the page lacks.
      const blobs: Blob[] = [];
      const stack: unknown[] = [...values];
      while (stack.length > 0) {
        const v = stack.pop();
        if (v instanceof Blob) blobs.push(v);
        else if (Array.isArray(v)) stack.push(...v);
        else if (v && typeof v === 'object') stack.push(...Object.values(v));
      }
      for (const b of blobs) {
        let s = '';
        for (const c of new Uint8Array(await b.arrayBuffer())) s += String.fromCharCode(c);
        out.push(btoa(s));
      }
    }
    return out;
  });
  return all.map((b) => Buffer.from(b, 'base64'));
}

type Journey = {
  /** Pick → the tenth tile shown: checking and resizing ten photos in the worker on the slowed CPU. */
  prepareS: number;
  uploadedMB: number;
  publishS: number;
  pickToServerS: number;
  sentExif: number;
  deviceExif: number;
  outboxMB: number;
  storedEdges: number[];
  storedExif: number;
};

async function journey(
  browser: Browser,
  server: TestServer,
  proxy: CountingProxy,
  photos: string[],
  n: number,
  cutAtBytes: number | null,
): Promise<Journey> {
  const base = `http://127.0.0.1:${proxy.port}`;
  const context: BrowserContext = await browser.newContext({ ...PHONE, baseURL: base });
  const page = await context.newPage();
  const me = await apiAccount(server, `vanzator.foto${n}.${Date.now()}@hobbiz.test`);
  await openSignedIn(page, me);
  await page.goto('/add-announcement');
  await page.getByRole('heading', { name: 'Adaugă un anunț' }).waitFor();
  await waitForServiceWorker(page);
  const sent = await capturePhotoUploads(page);
  const title = `Lecții de fotografie, anunțul ${n} cu zece fotografii`;
  await fillPhotoForm(page, title);
  const cdp = await weakPhone(context, page, { noCache: false });
  const startBytes = proxy.up;
  const picked = Date.now();
  await page.getByTestId('images-input').setInputFiles(photos);
  await page.getByRole('img', { name: `Imaginea ${PHOTOS}` }).waitFor({ timeout: 300_000 });
  const prepareS = +((Date.now() - picked) / 1000).toFixed(1);
  const outboxMB = (await deviceBlobs(page)).reduce((s, b) => s + b.length, 0) / 1e6;
  const clicked = Date.now();
  await page.getByRole('button', { name: 'Publică un anunț' }).click();
  let cutDone = cutAtBytes === null;
  const onServer = () =>
    queryServerDb<{ images: string }>(server, 'SELECT images FROM announcements WHERE title = ?', title);
  await until(async () => {
    if (!cutDone && proxy.up - startBytes >= cutAtBytes!) {
      cutDone = true;
      proxy.setDown(true);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: true,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      setTimeout(() => {
        proxy.setDown(false);
        void cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 562.5,
          downloadThroughput: 180_000,
          uploadThroughput: 84_375,
        });
      }, 10_000);
    }
    return onServer().length === 1;
  }, 600_000);
  const done = Date.now();
  const images = JSON.parse(onServer()[0]!.images) as string[];
  const storedEdges: number[] = [];
  let storedExif = 0;
  for (const p of images) {
    const file = readFileSync(join(server.dataDir, p.replace(/^\/uploads\//, 'uploads/')));
    const meta = await sharp(file).metadata();
    storedEdges.push(Math.max(meta.width ?? 0, meta.height ?? 0));
    if (jpegHasExif(file)) storedExif++;
  }
  const device = await deviceBlobs(page).catch(() => []);
  const result = {
    prepareS,
    uploadedMB: +((proxy.up - startBytes) / 1e6).toFixed(2),
    publishS: +((done - clicked) / 1000).toFixed(1),
    pickToServerS: +((done - picked) / 1000).toFixed(1),
    sentExif: sent.filter(jpegHasExif).length,
    deviceExif: device.filter(jpegHasExif).length,
    outboxMB: +outboxMB.toFixed(2),
    storedEdges,
    storedExif,
  };
  if (images.length !== PHOTOS) throw new Error(`published with ${images.length} photos, not ${PHOTOS}`);
  await context.close();
  return result;
}

/** Peak signal-to-noise ratio (dB) of `candidate` against `reference`, both decoded to RGB of one size. */
async function psnr(reference: Buffer, candidate: Buffer): Promise<number> {
  const a = await sharp(reference).removeAlpha().raw().toBuffer();
  const b = await sharp(candidate).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

/**
 * The device's resize, timed on the weak phone, at three JPEG qualities: milliseconds per photo, bytes,
 * and PSNR against sharp's Lanczos resize of the original with no compression (the best the 1600-px copy
 * could be). The same calls as pwa/src/features/publish/photo-shrink.ts, on the page.
 */
async function qualities(browser: Browser, server: TestServer, original: Buffer): Promise<void> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto(server.url);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const meta = await sharp(original).rotate().metadata();
  const reference = await sharp(original)
    .rotate()
    .resize({ width: LIMITS.imageMaxEdge, height: LIMITS.imageMaxEdge, fit: 'inside', kernel: 'lanczos3' })
    .png()
    .toBuffer();
  for (const quality of [0.7, 0.82, 0.9]) {
    const out = await page.evaluate(
      async ([b64, q, edge]) => {
        const bin = atob(b64 as string);
        const bytes = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
        const started = performance.now();
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/jpeg' }), {
          imageOrientation: 'from-image',
        });
        const scale = Math.min(1, (edge as number) / Math.max(bitmap.width, bitmap.height));
        const canvas = new OffscreenCanvas(
          Math.round(bitmap.width * scale),
          Math.round(bitmap.height * scale),
        );
        const ctx = canvas.getContext('2d')!;
        ctx.imageSmoothingQuality = 'high';
        ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
        const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: q as number });
        const ms = performance.now() - started;
        let s = '';
        for (const c of new Uint8Array(await blob.arrayBuffer())) s += String.fromCharCode(c);
        return { ms, b64: btoa(s) };
      },
      [original.toString('base64'), quality, LIMITS.imageMaxEdge] as const,
    );
    const copy = Buffer.from(out.b64, 'base64');
    console.log(
      `resize at quality ${quality}: ${Math.round(out.ms)} ms per photo on the 4× slower CPU, ${Math.round(copy.length / 1000)} kB, PSNR ${(await psnr(reference, copy)).toFixed(1)} dB (original ${meta.width}×${meta.height} shown upright)`,
    );
  }
  await context.close();
}

async function main(): Promise<void> {
  const server = new TestServer();
  await server.start();
  const proxy = new CountingProxy(server.port);
  await proxy.listen();
  const browser = await launchBrowser();
  try {
    // Written to files: the browser reads picked files from disk, as a phone's picker does (sending
    // 40 MB of buffers over the DevTools protocol would time out and measure nothing of ours).
    const photos = [];
    const dir = mkdtempSync(join(tmpdir(), 'hobbiz-photos-'));
    for (let i = 0; i < PHOTOS; i++) photos.push(await phonePhoto(i + 1, 4000, 3000, 89 + (i % 5)));
    const files = photos.map((p) => {
      const file = join(dir, p.name);
      writeFileSync(file, p.buffer);
      return file;
    });
    const originalMB = photos.reduce((s, p) => s + p.buffer.length, 0) / 1e6;
    console.log(
      `photos: ${PHOTOS} × 4000×3000, ${(Math.min(...photos.map((p) => p.buffer.length)) / 1e6).toFixed(2)}–${(Math.max(...photos.map((p) => p.buffer.length)) / 1e6).toFixed(2)} MB, ${originalMB.toFixed(1)} MB in all, GPS in every one: ${photos.every((p) => jpegHasExif(p.buffer))}`,
    );
    await qualities(browser, server, photos[0]!.buffer);
    const clean = await journey(browser, server, proxy, files, 1, null);
    console.log('journey 1 (no cut):', JSON.stringify(clean));
    const cut = await journey(browser, server, proxy, files, 2, Math.round((clean.uploadedMB * 1e6) / 2));
    console.log('journey 2 (cut at half, back after 10 s):', JSON.stringify(cut));
    const resentMB = +(cut.uploadedMB - clean.uploadedMB).toFixed(2);
    const largestPhotoMB = 0.5;
    const checks = [
      ['uploaded ≤ 3.5 MB', clean.uploadedMB <= GOALS.uploadedMB, `${clean.uploadedMB} MB`],
      ["'Publică' → on the server ≤ 60 s", clean.publishS <= GOALS.publishS, `${clean.publishS} s`],
      [
        'cut: at most one photo sent twice',
        resentMB <= largestPhotoMB,
        `${resentMB} MB more than without the cut`,
      ],
      [
        'stored photos 1600 px on the long side',
        [...clean.storedEdges, ...cut.storedEdges].every((e) => e === LIMITS.imageMaxEdge),
        clean.storedEdges.join(','),
      ],
      [
        'no GPS anywhere (bytes sent, device, server)',
        clean.sentExif + clean.deviceExif + clean.storedExif + cut.sentExif + cut.storedExif === 0,
        `sent ${clean.sentExif + cut.sentExif}, device ${clean.deviceExif}, server ${clean.storedExif + cut.storedExif}`,
      ],
      ['device outbox ≤ 4 MB', clean.outboxMB <= GOALS.outboxMB, `${clean.outboxMB} MB`],
    ] as const;
    for (const [name, ok, figure] of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figure}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await browser.close();
    proxy.close();
    await server.dispose();
  }
}

await main();
