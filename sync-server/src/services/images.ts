import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '../../../schema/constants.ts';
import { IMAGE_WIDTHS } from '../../../schema/images.ts';

/** Decoding refuses images above this many pixels: no decompression bombs. */
export const MAX_INPUT_PIXELS = LIMITS.imageMaxPixels;
const MAX_EDGE = 1600;

/**
 * Re-encodes an uploaded (or generated) image: orientation applied, metadata (EXIF, GPS) dropped, at most
 * 1600 px, plus a WebP variant for cards at each of schema/images.ts's IMAGE_WIDTHS (name-320.webp, …).
 * Returns the public path of the JPEG under /uploads/.
 */
export async function storeImage(
  input: Buffer,
  uploadsDir: string,
  folder: string,
  name: string,
): Promise<string> {
  const dir = join(uploadsDir, folder);
  await mkdir(dir, { recursive: true });
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const jpeg = await base
    .clone()
    .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  await writeFile(join(dir, `${name}.jpg`), jpeg);
  await Promise.all(
    IMAGE_WIDTHS.map(async (w) => {
      const webp = await base
        .clone()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 70 })
        .toBuffer();
      await writeFile(join(dir, `${name}-${w}.webp`), webp);
    }),
  );
  return `/uploads/${folder}/${name}.jpg`;
}

/** Deletes uploaded files (and their WebP variants); paths outside /uploads/ are ignored. */
export async function removeUploads(dataDir: string, paths: string[]): Promise<void> {
  const { rm } = await import('node:fs/promises');
  await Promise.all(
    paths
      .filter((p) => p.startsWith('/uploads/') && !p.includes('..'))
      .flatMap((p) => {
        const base = join(dataDir, p.slice(1));
        const stem = base.replace(/\.[a-z0-9]+$/i, '');
        return [base, ...IMAGE_WIDTHS.map((w) => `${stem}-${w}.webp`)];
      })
      .map((f) => rm(f, { force: true })),
  );
}
