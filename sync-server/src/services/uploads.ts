import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { LIMITS } from '../../../schema/constants.ts';
import { IMAGE_WIDTHS, imageVariant } from '../../../schema/images.ts';
import {
  ANNOUNCEMENT_MESSAGES,
  isJpegBytes,
  validateImageCandidates,
} from '../../../schema/rules/announcement.ts';
import { textWithoutNul } from '../../../schema/rules/common.ts';
import { type FileStorage, uploadKey } from '../lib/file-storage.ts';
import { MAX_INPUT_PIXELS, storeImage } from './images.ts';
import { httpError } from './rest-http.ts';

/**
 * Announcement photos: reading a multipart form, checking every photo before anything is written, storing
 * (re-encoded by sharp, metadata dropped) and removing them with their size variants.
 */

export const ANNOUNCEMENTS_FOLDER = 'announcements';

/**
 * Server-only rule (the pixel limit exists only where images are decoded): a small file may still claim
 * billions of pixels, a decompression bomb. Candidate for schema/rules/announcement.ts if a form wants it.
 */
export const IMAGE_PIXELS_MESSAGE = ANNOUNCEMENT_MESSAGES.imageTooManyPixels;

export type UploadedImage = { data: Buffer; truncated: boolean };

export type MultipartForm = {
  /** Every text field as sent, in order (repeated fields keep all their values). */
  fields: Map<string, string[]>;
  files: UploadedImage[];
  /** More photos than we read: the request carried more files than the limit allows. */
  tooManyFiles: boolean;
};

/**
 * Reads a multipart form: text fields, and the files of `fileField` into memory. A file is read up to
 * the photo size limit only (what is beyond is discarded and the file marked truncated), and one file
 * more than the photo limit is read so "too many" is reported with every other field error.
 */
export async function readMultipartForm(request: FastifyRequest, fileField: string): Promise<MultipartForm> {
  const form: MultipartForm = { fields: new Map(), files: [], tooManyFiles: false };
  // Any value longer than this is far beyond every text limit, so a truncated value still fails its rule.
  const options = {
    limits: { files: LIMITS.imagesMax + 1, fileSize: LIMITS.imageMaxBytes, fieldSize: 64 * 1024 },
    // Read by @fastify/multipart per request, though missing from its types: truncate, do not throw.
    throwFileSizeLimit: false,
  } as Parameters<FastifyRequest['parts']>[0];
  try {
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          part.file.resume();
          continue;
        }
        const data = await part.toBuffer();
        // An empty file input is sent as a part with no bytes: nothing was chosen.
        if (data.length === 0 && !part.file.truncated) continue;
        form.files.push({ data, truncated: part.file.truncated });
      } else {
        const value = textWithoutNul(typeof part.value === 'string' ? part.value : String(part.value ?? ''));
        form.fields.set(part.fieldname, [...(form.fields.get(part.fieldname) ?? []), value]);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code !== 'FST_FILES_LIMIT') {
      // A form that breaks off or is malformed is the sender's fault: a 400, never a 500.
      if ((err as { statusCode?: number }).statusCode) throw err;
      throw httpError(400, 'Formularul trimis este incomplet sau deteriorat.');
    }
    form.tooManyFiles = true;
  }
  return form;
}

function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/**
 * The first problem with new photos, or null. The shared rule (count, then type, then size) is fed the
 * truth: the type comes from the bytes, never from the name or the declared type. Then each header is
 * decoded with the pixel limit, so a bomb or a file that only starts like a JPEG is refused before
 * anything is written.
 */
export async function checkImages(files: UploadedImage[], existingCount: number): Promise<string | null> {
  const rule = validateImageCandidates(
    files.map((f) => ({
      name: '',
      type: isJpegBytes(f.data) ? 'image/jpeg' : 'application/octet-stream',
      size: f.truncated ? Number.POSITIVE_INFINITY : f.data.length,
    })),
    existingCount,
  );
  if (rule) return rule;
  for (const f of files) {
    try {
      const meta = await sharp(f.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
      if (meta.format !== 'jpeg') return ANNOUNCEMENT_MESSAGES.imagesJpeg;
    } catch (err) {
      return isPixelLimit(err) ? IMAGE_PIXELS_MESSAGE : ANNOUNCEMENT_MESSAGES.imagesJpeg;
    }
  }
  return null;
}

/** A photo that passed the header checks but could not be decoded: answered 400 with `message`. */
export class ImageRejectedError extends Error {}

const STORED = new RegExp(`^/uploads/${ANNOUNCEMENTS_FOLDER}/[A-Za-z0-9_-]+\\.jpg$`);

/** Stored files of a photo: the JPEG and its WebP variants. Nothing for paths we did not store. */
function storedKeys(path: string): string[] {
  if (!STORED.test(path)) return [];
  return [path, ...IMAGE_WIDTHS.map((w) => imageVariant(path, w))].flatMap((p) => uploadKey(p) ?? []);
}

/** Removes stored photos with their variants; external URLs and unknown paths are left alone. */
export async function removeImages(storage: FileStorage, paths: readonly string[]): Promise<void> {
  await storage.delete(paths.flatMap(storedKeys));
}

/**
 * Re-encodes and writes photos of announcement `id`, one at a time (a decode may take ~100 MB). If one
 * fails, every file written by this call is removed and ImageRejectedError thrown: all or nothing.
 */
export async function storeImages(
  storage: FileStorage,
  id: string,
  files: UploadedImage[],
): Promise<string[]> {
  const paths: string[] = [];
  try {
    for (const f of files) {
      const name = `${id}-${randomBytes(4).toString('hex')}`;
      // Listed before writing, so a half-written set (JPEG without variants) is cleaned up too.
      paths.push(`/uploads/${ANNOUNCEMENTS_FOLDER}/${name}.jpg`);
      await storeImage(f.data, storage, ANNOUNCEMENTS_FOLDER, name);
    }
  } catch (err) {
    await removeImages(storage, paths);
    // A disk failure is the server's problem (500); anything sharp refused is the photo's (400).
    if ((err as NodeJS.ErrnoException).code) throw err;
    throw new ImageRejectedError(
      isPixelLimit(err) ? IMAGE_PIXELS_MESSAGE : ANNOUNCEMENT_MESSAGES.imagesJpeg,
      {
        cause: err,
      },
    );
  }
  return paths;
}
