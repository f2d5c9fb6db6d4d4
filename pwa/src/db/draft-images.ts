import { newId } from '../../../schema/ids.ts';
import { draftPhotoStore } from './device-outbox.ts';

/** A draft photo: the device's small copy and the id it goes up under (issue 22). */
export type DraftPhoto = { blob: Blob; photoId: string };

/**
 * The photos of the announcement draft stay on this device (IndexedDB keeps Blobs): the text of the draft
 * replicates, photos would cost every device megabytes for something not yet published. Keyed by the
 * person ('guest' or the user id), removed after a publish and at logout.
 */
const keyOf = (userId: string | null) => userId ?? 'guest';

export async function loadDraftImages(userId: string | null): Promise<DraftPhoto[]> {
  try {
    const list: unknown = await draftPhotoStore.get(keyOf(userId));
    if (!Array.isArray(list)) return [];
    // Drafts saved before photos had ids hold bare Blobs: each gets one now.
    return list.flatMap((p: unknown) =>
      p instanceof Blob
        ? [{ blob: p, photoId: newId() }]
        : p && typeof p === 'object' && (p as DraftPhoto).blob instanceof Blob
          ? [p as DraftPhoto]
          : [],
    );
  } catch {
    return [];
  }
}

export async function saveDraftImages(userId: string | null, images: DraftPhoto[]): Promise<void> {
  try {
    if (images.length > 0) await draftPhotoStore.put(keyOf(userId), images);
    else await draftPhotoStore.delete(keyOf(userId));
  } catch {
    /* storage full or blocked: the photos are still in the form */
  }
}

export async function clearDraftImages(userId: string | null): Promise<void> {
  await saveDraftImages(userId, []);
}
