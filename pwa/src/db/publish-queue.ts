import { newId } from '../../../schema/ids.ts';
import type { AnnouncementInput } from '../../../schema/rules/announcement.ts';
import { ApiError, api } from '../api/client.ts';
import { publishOutbox, queuedAtNow, useOutbox } from './device-outbox.ts';
import { drain } from './outbox-drain.ts';
import { requestBackgroundDrain } from './outbox-sync.ts';
import { ensurePhoto, forgetConfirmed } from './photo-uploads.ts';
import { announcementFormData, PUBLISH_URL } from './publish-request.ts';
import type { Notify } from './types.ts';

/**
 * Announcements published with no network: the fields and the photos (as Blobs) wait in IndexedDB and
 * go out when the connection is back, across reloads and restarts. The id is made on the device and sent
 * along, so a retry after a lost answer creates nothing twice: the server returns the same announcement.
 */
export type PendingAnnouncement = {
  id: string;
  userId: string;
  fields: AnnouncementInput;
  images: Blob[];
  /**
   * The id each photo goes up under (same order as `images`; issue 22): the photos are sent one by one
   * (db/photo-uploads.ts) and the publish names them. Absent in entries queued before photos had ids:
   * those send their photos inside the form.
   */
  photoIds?: string[];
  queuedAt: string;
  /** Set when the server refused it (e.g. a rule changed): shown in 'Anunțurile mele', never retried blindly. */
  error: string | null;
};

/** Called whenever the queue changes (queued, sent, refused, discarded). */
export function onPendingChange(fn: () => void): () => void {
  return publishOutbox.subscribe(fn);
}

/** A new publish with its id made here, first: every attempt to send it (now, queued, retried) carries it. */
export function newPendingAnnouncement(
  userId: string,
  fields: AnnouncementInput,
  images: Blob[],
  id = newId(),
  photoIds?: string[],
): PendingAnnouncement {
  return { id, userId, fields, images, photoIds, queuedAt: queuedAtNow(), error: null };
}

/** Keeps it on the device (same id) and tries to send it (`notify` says how that went). */
export async function queueAnnouncement(p: PendingAnnouncement, notify: Notify): Promise<string> {
  await publishOutbox.put(p.id, p);
  // Sent by the service worker when the connection is back, should the app be closed by then.
  void requestBackgroundDrain(p.userId);
  void flushOutbox(p.userId, notify);
  return p.id;
}

export async function pendingAnnouncements(userId: string): Promise<PendingAnnouncement[]> {
  return (await publishOutbox.list()).filter((p) => p.userId === userId);
}

/** At sign-out: what a person queued (text, photos, contact details) leaves the device with them. */
export async function clearPendingAnnouncements(userId: string): Promise<void> {
  for (const p of await pendingAnnouncements(userId)) await publishOutbox.delete(p.id);
}

export function discardPending(id: string): Promise<void> {
  return publishOutbox.delete(id);
}

/**
 * The one publish request, for the form's first attempt and for every retry from the queue. A retry of
 * one the server already stored answers 200 with that announcement (the id makes it idempotent).
 */
export async function sendAnnouncement(
  p: PendingAnnouncement,
  fallbackError?: string,
): Promise<{ _id: string }> {
  const { photoIds } = p;
  const post = (body: FormData) => api<{ _id: string }>(PUBLISH_URL, { method: 'POST', body, fallbackError });
  if (!photoIds) return post(announcementFormData({ id: p.id, ...p.fields }, p.images));
  const upload = async () => {
    for (const [i, photoId] of photoIds.entries()) await ensurePhoto(photoId, p.images[i]!);
  };
  const named = () => announcementFormData({ id: p.id, ...p.fields, photoIds: JSON.stringify(photoIds) }, []);
  await upload();
  try {
    return await post(named());
  } catch (err) {
    // A photo that waited past the server's grace period (a long offline spell) is sent again, once.
    if (!(err instanceof ApiError && err.code === 'photo_missing')) throw err;
    forgetConfirmed(photoIds);
    await upload();
    return post(named());
  }
}

/**
 * Sends what waits, oldest first, by the device's one retry rule (db/outbox-drain.ts); an announcement
 * the server refuses is kept with its reason (shown in 'Anunțurile mele'), never retried blindly.
 */
export function flushOutbox(userId: string, notify: Notify): Promise<void> {
  return drain<PendingAnnouncement>({
    name: 'publish-queue',
    waiting: async () => (await pendingAnnouncements(userId)).filter((p) => !p.error),
    send: async (p) => {
      await sendAnnouncement(p);
      await publishOutbox.delete(p.id);
      notify(`Anunțul „${p.fields.title}” a fost publicat.`, 'success', 4000);
    },
    refused: async (p, reason) => {
      await publishOutbox.put(p.id, { ...p, error: reason });
      notify(`Anunțul „${p.fields.title}” nu a putut fi publicat: ${reason}`, 'error', 6000);
    },
    // Past the publish limit: not a refusal of this announcement; it waits and goes when allowed.
    notify: (message) => notify(message, 'error', 6000),
  });
}

const NONE: PendingAnnouncement[] = [];

/** The signed-in user's announcements still waiting for the network ('Anunțurile mele' shows them). */
export function usePendingAnnouncements(userId: string | null): PendingAnnouncement[] {
  return useOutbox(publishOutbox, userId ? () => pendingAnnouncements(userId) : null, NONE, userId ?? '');
}
