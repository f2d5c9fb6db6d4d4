import { LIMITS } from '../../../../schema/constants.ts';
import { jpegDimensions } from '../../../../schema/jpeg.ts';
import {
  isJpegBytes,
  ANNOUNCEMENT_MESSAGES as M,
  type RefusedImage,
  sortImageCandidates,
} from '../../../../schema/rules/announcement.ts';
import { type Shrunk, shrinkPhoto } from './photo-shrink.ts';

/**
 * What happens to photos between the picker and the form (issue 22). Each file is checked as the server
 * checks it — the name and declared type (the spec's rule), the size, then the bytes: a '.jpg' that is
 * not a JPEG, or one claiming more pixels than we decode, is refused at once, by name — and the kept ones
 * are resized in the photo worker (photo-shrink.ts), so only small copies with no metadata are stored in
 * IndexedDB and sent.
 */

type Job = { blob: Blob; resolve: (s: Shrunk) => void; reject: (e: Error) => void };
let worker: Worker | null | undefined;
const jobs = new Map<number, Job>();
let nextJob = 0;

function photoWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker =
      typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined'
        ? null
        : new Worker(new URL('./photo-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  // A worker that cannot start (its script not fetched before the connection dropped, a browser that
  // refuses module workers): every waiting photo is made small on the page instead, and so are later ones.
  worker?.addEventListener('error', () => {
    worker = null;
    const waiting = [...jobs.values()];
    jobs.clear();
    for (const job of waiting) shrinkPhoto(job.blob).then(job.resolve, job.reject);
  });
  worker?.addEventListener('message', (e: MessageEvent<{ id: number; error?: string } & Partial<Shrunk>>) => {
    const job = jobs.get(e.data.id);
    jobs.delete(e.data.id);
    if (!job) return;
    if (e.data.blob) job.resolve(e.data as Shrunk);
    else job.reject(new Error(e.data.error ?? 'photo worker failed'));
  });
  return worker;
}

/** The photo resized in the worker; a browser with no worker canvas resizes on the page. */
async function shrink(blob: Blob): Promise<Shrunk> {
  const w = photoWorker();
  if (!w) return shrinkPhoto(blob);
  const id = ++nextJob;
  return new Promise<Shrunk>((resolve, reject) => {
    jobs.set(id, { blob, resolve, reject });
    w.postMessage({ id, blob });
  });
}

/** Starts the photo worker while the form shows, so its script is fetched (and kept) while online. */
export function warmPhotoWorker(): void {
  photoWorker();
}

/** Why the bytes of a photo are refused, or null: not a JPEG, cut short, or too many pixels to decode. */
export function byteProblem(bytes: Uint8Array): string | null {
  if (!isJpegBytes(bytes)) return M.imagesJpeg;
  const size = jpegDimensions(bytes);
  if (!size) return M.imagesJpeg;
  if (size.width * size.height > LIMITS.imageMaxPixels) return M.imageTooManyPixels;
  return null;
}

/** Enough of a file for its header: the metadata blocks before the frame header are at most a few 64 kB blocks. */
const HEADER_BYTES = 512 * 1024;

export type PreparedPhotos = { accepted: Blob[]; refused: RefusedImage[] };

/**
 * Checks and resizes a selection. `existingCount` photos are already in the form; files past the limit
 * are refused with the spec's message. Order is kept; a file that cannot be decoded is refused by name.
 */
export async function preparePhotos(files: readonly File[], existingCount: number): Promise<PreparedPhotos> {
  const accepted: Blob[] = [];
  const refused: RefusedImage[] = [];
  for (const file of files) {
    // The spec's checks on the file as picked (type by name or declared type, size), room aside.
    const first = sortImageCandidates([file], 0).refused[0];
    let reason =
      first?.reason ?? byteProblem(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
    if (!reason && existingCount + accepted.length >= LIMITS.imagesMax) reason = M.imagesMax;
    if (!reason) {
      try {
        accepted.push((await shrink(file)).blob);
      } catch {
        reason = M.imagesJpeg;
      }
    }
    if (reason) refused.push({ name: file.name, reason });
  }
  return { accepted, refused };
}
