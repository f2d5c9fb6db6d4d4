import {
  ANNOUNCEMENT_MESSAGES as M,
  normalizeAnnouncementInput,
} from '../../../../schema/rules/announcement.ts';
import { ApiError, api, NetworkError } from '../../api/client.ts';
import type { DraftFields } from '../../db/draft.ts';
import { newPendingAnnouncement, queueAnnouncement, sendAnnouncement } from '../../db/publish-queue.ts';
import { currentSyncClient } from '../../db/sync-status.ts';
import { showToast } from '../shell/toast.ts';
import { type ImageItem, updateForm } from './images.ts';

export const PUBLISH_MESSAGES = {
  published: 'Anunțul a fost publicat cu succes!',
  updated: 'Anunțul a fost actualizat cu succes!',
  queued:
    'Nu ești conectat la internet. Anunțul a fost salvat pe dispozitiv și va fi publicat automat când revine conexiunea.',
  updateOffline:
    'Nu ești conectat la internet. Modificările rămân în formular; încearcă din nou când revine conexiunea.',
} as const;

export type SubmitResult =
  | { kind: 'published'; id: string }
  | { kind: 'queued'; id: string }
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
 * connection while typing can still publish and see the announcement waiting.
 */
export function preloadOfflinePublish(): void {
  void import('../../db/publish-queue.ts').catch(() => {});
  void import('../../routes/_auth/anunturile-mele.lazy.tsx').catch(() => {});
}

export async function publishAnnouncement(
  userId: string,
  fields: DraftFields,
  images: ImageItem[],
  id?: string,
): Promise<SubmitResult> {
  const blobs = images.flatMap((i) => (i.kind === 'new' ? [i.blob] : []));
  const pending = newPendingAnnouncement(userId, normalizeAnnouncementInput(fields), blobs, id);
  const queue = async (): Promise<SubmitResult> => ({
    kind: 'queued',
    id: await queueAnnouncement(pending, showToast),
  });
  if (offline()) return queue();
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
