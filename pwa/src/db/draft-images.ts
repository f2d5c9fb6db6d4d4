import { draftPhotoStore } from './device-outbox.ts';

/**
 * The photos of the announcement draft stay on this device (IndexedDB keeps Blobs): the text of the draft
 * replicates, photos would cost every device megabytes for something not yet published. Keyed by the
 * person ('guest' or the user id), removed after a publish and at logout.
 */
const keyOf = (userId: string | null) => userId ?? 'guest';

export async function loadDraftImages(userId: string | null): Promise<Blob[]> {
  try {
    const list = await draftPhotoStore.get(keyOf(userId));
    return Array.isArray(list) ? list.filter((b) => b instanceof Blob) : [];
  } catch {
    return [];
  }
}

export async function saveDraftImages(userId: string | null, images: Blob[]): Promise<void> {
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
