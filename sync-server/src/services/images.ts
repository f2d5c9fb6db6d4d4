import sharp from 'sharp';
import { LIMITS } from '../../../schema/constants.ts';
import { IMAGE_WIDTHS } from '../../../schema/images.ts';
import { type FileStorage, uploadKey } from '../lib/file-storage.ts';

/** Decoding refuses images above this many pixels: no decompression bombs. */
export const MAX_INPUT_PIXELS = LIMITS.imageMaxPixels;
const MAX_EDGE = LIMITS.imageMaxEdge;

/**
 * Re-encodes an uploaded (or generated) image: orientation applied, metadata (EXIF, GPS) dropped, at most
 * 1600 px, plus a WebP variant for cards at each of schema/images.ts's IMAGE_WIDTHS (name-320.webp, …).
 * Returns the public path of the JPEG under /uploads/.
 */
export async function storeImage(
  input: Buffer,
  storage: FileStorage,
  folder: string,
  name: string,
): Promise<string> {
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const jpeg = await base
    .clone()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  await storage.put(`${folder}/${name}.jpg`, jpeg);
  await Promise.all(
    IMAGE_WIDTHS.map(async (w) => {
      const webp = await base
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
      await storage.put(`${folder}/${name}-${w}.webp`, webp);
    }),
  );
  return `/uploads/${folder}/${name}.jpg`;
}

/** Deletes uploaded files (and their WebP variants); paths outside /uploads/ are ignored. */
export async function removeUploads(storage: FileStorage, paths: string[]): Promise<void> {
  const keys = paths.flatMap((p) => {
    const key = uploadKey(p);
    if (!key) return [];
    const stem = key.replace(/\.[a-z0-9]+$/i, '');
    return [key, ...IMAGE_WIDTHS.map((w) => `${stem}-${w}.webp`)];
  });
  await storage.delete(keys);
}
