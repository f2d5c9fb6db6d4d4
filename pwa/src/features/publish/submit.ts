import {
  ANNOUNCEMENT_MESSAGES as M,
  normalizeAnnouncementInput,
} from '../../../../schema/rules/announcement.ts';
import { ApiError, api, isStorageFull, NetworkError } from '../../api/client.ts';
import type { DraftFields } from '../../db/draft.ts';
import { ensurePhoto, isConfirmed } from '../../db/photo-uploads.ts';
import { newPendingAnnouncement, queueAnnouncement, sendAnnouncement } from '../../db/publish-queue.ts';
import { currentSyncClient } from '../../db/sync-status.ts';
import { importRetrying } from '../../lib/retry-import.ts';
import { showToast } from '../shell/toast.ts';
import { type ImageItem, updateForm } from './images.ts';
import { warmPhotoWorker } from './photo-prep.ts';

export const PUBLISH_MESSAGES = {
  published: 'Anunțul a fost publicat cu succes!',
  updated: 'Anunțul a fost actualizat cu succes!',
  queued:
    'Nu ești conectat la internet. Anunțul a fost salvat pe dispozitiv și va fi publicat automat când revine conexiunea.',
  /** Online, but photos are still going up: the announcement waits in the outbox and goes after them. */
  photosPending:
    'Fotografiile se încarcă în continuare. Anunțul va fi publicat automat imediat ce ajung toate; îl găsești în „Anunțurile mele”.',
  updateOffline:
    'Nu ești conectat la internet. Modificările rămân în formular; încearcă din nou când revine conexiunea.',
} as const;

export type SubmitResult =
  | { kind: 'published'; id: string }
  | { kind: 'queued'; id: string; photosPending?: boolean }
  | { kind: 'updated'; id: string }
  | { kind: 'failed'; message: string; sessionExpired?: boolean };

const offline = () => currentSyncClient()?.status$.value === 'offline' || navigator.onLine === false;

/** Why a request failed, in the spec's words (doc 1 §8). */
function failure(err: unknown, mode: 'publish' | 'update'): SubmitResult {
  if (err instanceof ApiError && err.status === 401) {
    return { kind: 'failed', message: M.sessionExpired, sessionExpired: true };
  }
  if (err instanceof ApiError) return { kind: 'failed', message: err.message };
  return { kind: 'failed', message: M.submitFailed[mode] };
}

/**
 * Publishes a new announcement. Its id is made on the device first (`id`: one per form, so a second
 * click after a failure is the same publish) and every attempt carries it: the request now, and after a
 * network failure the device's outbox (fields and photos in IndexedDB), which sends it again when the
 * connection returns. A retry after an answer lost on the way back gets the stored announcement, not a copy.
 */
/**
 * Fetches what 'Publică' may need with no network — the outbox's own chunk and 'Anunțurile mele', where
 * it leads — as soon as the form shows, so that the service worker keeps them: a seller who loses the
 * connection while typing can still publish and see the announcement waiting. A fetch cut by the link is
 * tried again when it returns (importRetrying: some browsers never fetch a failed import() again).
 */
export function preloadOfflinePublish(): Promise<unknown> {
  warmPhotoWorker();
  return Promise.all([
    importRetrying(() => import('../../db/publish-queue.ts')),
    importRetrying(() => import('../../routes/_auth/anunturile-mele.lazy.tsx')),
  ]).catch(() => undefined);
}

/** How long 'Publică' waits for photos still going up before leaving the publish to the outbox. */
const PHOTO_WAIT_MS = 4000;

/** A photo the server refused for good (not the network, not a busy server): the publish cannot go with it. */
const refusedForGood = (err: unknown): err is ApiError =>
  isStorageFull(err) ||
  (err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 408 &&
    err.status !== 429);

/**
 * True when every photo is on the server within `ms` (sending them if needed); false past it or when the
 * network failed (the outbox sends them later); the error when the server refused one for good (too big,
 * not an image, the session ended): queueing would only fail again later, so the form says it now.
 */
async function photosArrive(
  photos: { blob: Blob; photoId: string }[],
  ms: number,
): Promise<boolean | ApiError> {
  if (photos.every((p) => isConfirmed(p.photoId))) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const all = Promise.all(photos.map((p) => ensurePhoto(p.photoId, p.blob))).then(
    () => true,
    (err: unknown) => (refusedForGood(err) ? err : false),
  );
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function publishAnnouncement(
  userId: string,
  fields: DraftFields,
  images: ImageItem[],
  id?: string,
): Promise<SubmitResult> {
  const photos = images.flatMap((i) => (i.kind === 'new' ? [i] : []));
  const pending = newPendingAnnouncement(
    userId,
    normalizeAnnouncementInput(fields),
    photos.map((p) => p.blob),
    id,
    photos.map((p) => p.photoId),
  );
  const queue = async (photosPending = false): Promise<SubmitResult> => ({
    kind: 'queued',
    id: await queueAnnouncement(pending, showToast),
    photosPending,
  });
  if (offline()) return queue();
  // The photos went up while the seller typed (db/photo-uploads.ts). One still on its way is given a
  // moment; past it, 'Publică' does not wait: the announcement is queued and goes when they arrive.
  const arrived = await photosArrive(photos, PHOTO_WAIT_MS);
  if (arrived instanceof ApiError) return failure(arrived, 'publish');
  if (!arrived) return queue(true);
  try {
    const created = await sendAnnouncement(pending, M.submitFailed.publish);
    return { kind: 'published', id: created._id };
  } catch (err) {
    if (err instanceof NetworkError) return queue();
    return failure(err, 'publish');
  }
}

/** Saves the changes of an existing announcement (needs the server: photos are checked there). */
export async function updateAnnouncement(
  id: string,
  fields: DraftFields,
  images: ImageItem[],
): Promise<SubmitResult> {
  const input = normalizeAnnouncementInput(fields);
  try {
    await api(`/api/users/my-announcements/${id}`, {
      method: 'PUT',
      body: updateForm(input, images),
      fallbackError: M.submitFailed.update,
    });
    return { kind: 'updated', id };
  } catch (err) {
    if (err instanceof NetworkError) return { kind: 'failed', message: PUBLISH_MESSAGES.updateOffline };
    return failure(err, 'update');
  }
}
