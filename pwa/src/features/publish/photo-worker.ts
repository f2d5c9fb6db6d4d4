/// <reference lib="webworker" />
import { shrinkPhoto } from './photo-shrink.ts';

/**
 * The photo worker: decoding a 12-megapixel photo and resizing it takes ~100–400 ms on a slow phone, work
 * that would freeze the form if done on the page. One message per photo: { id, blob } → { id, blob, width,
 * height } or { id, error }.
 */
declare const self: DedicatedWorkerGlobalScope;

self.onmessage = async (event: MessageEvent<{ id: number; blob: Blob }>) => {
  const { id, blob } = event.data;
  try {
    const out = await shrinkPhoto(blob);
    self.postMessage({ id, ...out });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
