import { ApiError, api, isStorageFull, NetworkError, OFFLINE_MESSAGE, storedToken } from '../api/client.ts';
import { photoFormData, photoUrl } from './publish-request.ts';

/**
 * Announcement photos going up one by one (issue 22), as soon as they are picked and again from the
 * publish queue: the one place that sends them. Each photo has the id its device made; before sending
 * bytes the server is asked whether it already has it (a lost answer, a reload, a second device of the
 * same queue), so a dropped link costs at most the photo that was on its way. One photo at a time (a
 * weak uplink shared by ten photos finishes none); progress is readable by the form and the queue.
 */

export type PhotoState = 'waiting' | 'sending' | 'done' | 'failed';
export type PhotoProgress = {
  state: PhotoState;
  sent: number;
  total: number;
  /** Why it failed (the server's Romanian message, or being offline). */
  error?: string;
  /** A failure the same photo may overcome later (no network, a server error, a write limit). */
  retryable?: boolean;
  /**
   * Failed for want of an answer (no connection, a link that stalled), not refused: while the app is
   * offline it goes up by itself when the connection is back, and the form says so (issue 45 item 11).
   */
  network?: boolean;
};

const progress = new Map<string, PhotoProgress>();
const listeners = new Set<() => void>();
/** Paths of photos the server confirmed, this session. */
const confirmed = new Map<string, string>();
const inFlight = new Map<string, { promise: Promise<string>; abort: () => void }>();
/**
 * Photos whose id was made in this page and that were never sent: the server cannot have them, so the
 * "already there?" question (a round trip: 0.56 s on Slow 4G) is skipped for their first attempt.
 */
const madeHere = new Set<string>();
const tried = new Set<string>();

/** A photo id made on this page (features/publish/images.ts): its first send asks nothing first. */
export function markNewPhoto(id: string): void {
  madeHere.add(id);
}

/** One photo on the wire at a time, across the form and the queue. */
let lane: Promise<unknown> = Promise.resolve();
let version = 0;

function set(id: string, p: PhotoProgress | null): void {
  if (p) progress.set(id, p);
  else progress.delete(id);
  version++;
  for (const fn of listeners) fn();
}

export function photoProgress(id: string): PhotoProgress | undefined {
  return progress.get(id);
}

/** For useSyncExternalStore: changes whenever any photo's progress does. */
export function photoProgressVersion(): number {
  return version;
}

export function onPhotoProgress(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The stored path when the server already has the photo, else null. */
async function arrived(id: string): Promise<string | null> {
  try {
    return (await api<{ path: string }>(photoUrl(id))).path;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

class Aborted extends Error {}

/**
 * An upload that moves no byte and gets no answer for this long is given up as a network failure (the
 * outbox tries again later). Not a limit on the whole upload: on 2G a phone photo takes a minute, moving.
 * A weak link often keeps the connection open while nothing passes; without this the photos queued behind
 * it would wait forever.
 */
export const UPLOAD_STALL_MS = 30_000;
/**
 * Once the browser has handed the last byte over, the answer is waited for this long: the bytes may still
 * sit in the phone's send buffer on 2G, then the server stores the photo.
 */
export const UPLOAD_ANSWER_MS = 90_000;

/** PUT with upload progress (fetch reports none): same errors as api() — ApiError, NetworkError. */
function put(id: string, blob: Blob, onSent: (sent: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Aborted('cancelled'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', photoUrl(id));
    const token = storedToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const moved = (ms = UPLOAD_STALL_MS) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, ms);
    };
    const settle =
      <A extends unknown[]>(fn: (...a: A) => void) =>
      (...a: A) => {
        clearTimeout(watchdog);
        fn(...a);
      };
    resolve = settle(resolve);
    reject = settle(reject);
    xhr.upload.onprogress = (e) => {
      moved();
      onSent(e.loaded);
    };
    xhr.upload.onload = () => moved(UPLOAD_ANSWER_MS);
    xhr.onerror = () => reject(new NetworkError('upload failed'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(stalled ? new NetworkError('upload stalled') : new Aborted('cancelled'));
    xhr.onload = () => {
      let data: { path?: string; error?: string; code?: string } = {};
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        /* an answer that is not ours (a proxy's page) */
      }
      if (xhr.status >= 200 && xhr.status < 300 && data.path) return resolve(data.path);
      reject(
        new ApiError(
          data.error || 'Fotografia nu a putut fi încărcată.',
          xhr.status,
          data.code,
          Number(xhr.getResponseHeader('Retry-After')) || undefined,
        ),
      );
    };
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(photoFormData(blob));
    moved();
  });
}

/**
 * Makes sure the server has photo `id` (the device's small copy `blob`) and returns its stored path.
 * Concurrent calls for one photo share one attempt; a refused or failed attempt rejects (ApiError,
 * NetworkError) and the next call tries again.
 */
export function ensurePhoto(id: string, blob: Blob): Promise<string> {
  const known = confirmed.get(id);
  if (known) return Promise.resolve(known);
  const running = inFlight.get(id);
  if (running) return running.promise;
  const controller = new AbortController();
  if (!progress.has(id) || progress.get(id)?.state === 'failed') {
    set(id, { state: 'waiting', sent: 0, total: blob.size });
  }
  const attempt = lane
    .catch(() => {})
    .then(async () => {
      if (controller.signal.aborted) throw new Aborted('cancelled');
      // Asked only when an earlier attempt (here, or before a reload) may have arrived.
      const already = madeHere.has(id) && !tried.has(id) ? null : await arrived(id);
      if (already) return already;
      tried.add(id);
      set(id, { state: 'sending', sent: 0, total: blob.size });
      return put(
        id,
        blob,
        (sent) => set(id, { state: 'sending', sent: Math.min(sent, blob.size), total: blob.size }),
        controller.signal,
      );
    });
  lane = attempt;
  const promise = attempt.then(
    (path) => {
      confirmed.set(id, path);
      inFlight.delete(id);
      set(id, { state: 'done', sent: blob.size, total: blob.size });
      return path;
    },
    (err: unknown) => {
      inFlight.delete(id);
      if (err instanceof Aborted) set(id, null);
      else {
        // A quota of stored bytes (413, 507: issue 40) is a refusal to show, not retried on its own.
        const retryable =
          !(err instanceof ApiError) ||
          (err.status >= 500 && !isStorageFull(err)) ||
          err.status === 429 ||
          err.status === 408;
        const error = err instanceof NetworkError ? OFFLINE_MESSAGE : (err as Error).message;
        const network = err instanceof NetworkError;
        set(id, { state: 'failed', sent: 0, total: blob.size, error, retryable, network });
      }
      throw err;
    },
  );
  inFlight.set(id, { promise, abort: () => controller.abort() });
  return promise;
}

/** True when the server confirmed the photo in this session (no request needed to name it). */
export function isConfirmed(id: string): boolean {
  return confirmed.has(id);
}

/** The server said it no longer has these (expired): the next ensurePhoto sends them again. */
export function forgetConfirmed(ids: readonly string[]): void {
  for (const id of ids) confirmed.delete(id);
}

/** Stops sending a photo (removed from the form) and forgets its progress. */
export function cancelPhoto(id: string): void {
  inFlight.get(id)?.abort();
  set(id, null);
}

/** True when the error means the attempt was cancelled on purpose. */
export const wasCancelled = (err: unknown): boolean => err instanceof Aborted;

export type PhotosSummary = {
  count: number;
  done: number;
  failed: number;
  /**
   * Of the failed ones, those waiting for the connection while the app is offline (`linkDown`): they go
   * up by themselves when it is back.
   */
  offline: number;
  sentBytes: number;
  totalBytes: number;
};

/** Where a set of photos stands: done (confirmed), failed, bytes sent of all (the form and 'Anunțurile mele'). */
export function photosSummary(
  photos: readonly { photoId: string; blob: Blob }[],
  linkDown = false,
): PhotosSummary {
  const out: PhotosSummary = {
    count: photos.length,
    done: 0,
    failed: 0,
    offline: 0,
    sentBytes: 0,
    totalBytes: 0,
  };
  for (const p of photos) {
    const progress = photoProgress(p.photoId);
    out.totalBytes += p.blob.size;
    if (confirmed.has(p.photoId)) {
      out.done++;
      out.sentBytes += p.blob.size;
    } else if (progress?.state === 'sending') out.sentBytes += progress.sent;
    else if (progress?.state === 'failed') {
      out.failed++;
      if (linkDown && progress.network) out.offline++;
    }
  }
  return out;
}
