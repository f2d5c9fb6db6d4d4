import { LIMITS } from '../../../../schema/constants.ts';

/**
 * Makes a picked photo what the server keeps (issue 22): the camera's orientation applied, at most
 * LIMITS.imageMaxEdge px on the long side (never enlarged), encoded as JPEG. Drawing on a canvas keeps
 * pixels only, so every metadata block (EXIF with the GPS position, maker notes, thumbnails) is gone.
 * Runs in the photo worker (photo-worker.ts), or on the page where workers cannot draw.
 */

/** JPEG quality of the device's copy: 0.82 keeps photos sharp at ~250–400 kB for 1600 px (docs/BENCHMARKS.md). */
export const DEVICE_JPEG_QUALITY = 0.82;

export type Shrunk = { blob: Blob; width: number; height: number };

/** Size of the copy: the long side at most `maxEdge`, proportions kept, never larger than the original. */
export function fitInside(width: number, height: number, maxEdge: number): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

export async function shrinkPhoto(
  source: Blob,
  maxEdge: number = LIMITS.imageMaxEdge,
  quality: number = DEVICE_JPEG_QUALITY,
): Promise<Shrunk> {
  // 'from-image': the EXIF orientation is applied while decoding, so the pixels stand the right way up.
  const bitmap = await createImageBitmap(source, { imageOrientation: 'from-image' });
  try {
    const size = fitInside(bitmap.width, bitmap.height, maxEdge);
    const canvas = new OffscreenCanvas(size.width, size.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    return { blob, ...size };
  } finally {
    bitmap.close();
  }
}
