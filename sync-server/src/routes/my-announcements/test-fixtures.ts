import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { announcements } from '../../../../schema/db/tables.ts';

/** Test fixtures for the announcement routes: a valid form, JPEGs of every kind, multipart bodies. */

export const validForm = {
  title: 'Ședință foto de familie în parc',
  category: 'Fotografie',
  description: 'Fotografii naturale pentru familii, în parc sau acasă, cu 40 de imagini editate.',
  location: 'Cluj',
  localitate: 'Cluj-Napoca',
  contactPerson: 'Ana Pop',
  contactEmail: 'ana@hobbiz.test',
  contactPhone: '0712345678',
  price: '150',
};

export type Upload = { data: Buffer; type?: string; name?: string };

/** A multipart body the way a browser builds it (FormData), for app.inject(). */
export async function multipart(
  fields: Record<string, string | string[]>,
  images: Upload[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of [value].flat()) form.append(key, v);
  }
  for (const img of images) {
    form.append(
      'images',
      new Blob([new Uint8Array(img.data)], { type: img.type ?? 'image/jpeg' }),
      img.name ?? 'foto.jpg',
    );
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type')! },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A small real JPEG (distinct colours make distinct files). */
export function jpeg(width = 64, height = 48, background = '#c06030'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

export function png(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
}

/** Random noise at quality 100 barely compresses: about 1.4 bytes per pixel, so 2100² is over 5 MB. */
export function bigJpeg(side = 2100): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer();
}

/** A tiny JPEG whose frame header claims `side`×`side` pixels: a decompression bomb in a few hundred bytes. */
export async function bombJpeg(side = 50_000): Promise<Buffer> {
  const buf = Buffer.from(await jpeg(16, 16));
  let i = 2;
  while (i < buf.length) {
    const marker = buf[i + 1]!;
    if (marker >= 0xc0 && marker <= 0xc3) {
      buf.writeUInt16BE(side, i + 5);
      buf.writeUInt16BE(side, i + 7);
      return buf;
    }
    i += 2 + buf.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}

/** A JPEG whose headers are fine but whose image data stops early: only a full decode finds out. */
export async function truncatedJpeg(): Promise<Buffer> {
  const side = 256;
  const full = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return full.subarray(0, Math.floor(full.length / 4));
}

/** A JPEG carrying camera make and GPS position in its EXIF. */
export function gpsJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: '#3060c0' } })
    .withExif({
      IFD0: { Make: 'Telefonul Anei' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '46/1 46/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '23/1 35/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

export const announcementsDir = (app: FastifyInstance) =>
  join(app.config.dataDir, 'uploads', 'announcements');

/** Files under uploads/announcements (originals and variants). */
export function storedFiles(app: FastifyInstance): string[] {
  const dir = announcementsDir(app);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

export const rowCount = async (app: FastifyInstance) => (await app.db.select().from(announcements)).length;

/** Disk path of a stored image path ('/uploads/announcements/x.jpg'). */
export const diskPath = (app: FastifyInstance, path: string) =>
  join(app.config.dataDir, path.replace(/^\/uploads\//, 'uploads/'));
