/**
 * The requests of a publish, shared by the page (db/publish-queue.ts, db/photo-uploads.ts) and the
 * service worker's drain (sw/outbox-worker.ts), which cannot load the page's modules: the URLs and the
 * one multipart body of an announcement. No imports, so the worker's bundle stays small.
 */
export const PUBLISH_URL = '/api/users/my-announcements';
export const photoUrl = (photoId: string) => `/api/users/my-announcements/photos/${photoId}`;

/** IndexedDB databases of the device outboxes (db/device-outbox.ts): prefix + name, one store 'items'. */
export const DEVICE_DB_PREFIX = 'hobbiz_device_';
export const DEVICE_STORE = 'items';

/**
 * The one multipart body of an announcement sent to the server, for a publish (from the queue, first try
 * or retry) and for an update: the fields, then the new photos in form order as foto-N.jpg. An update also
 * sends `existingImages`, the order of every photo ('new:N' marks the N-th new file, so a new photo may
 * become the cover).
 */
export function announcementFormData(
  fields: Record<string, string>,
  photos: Blob[],
  existingImages?: string[],
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  photos.forEach((blob, i) => {
    form.append('images', blob, `foto-${i + 1}.jpg`);
  });
  if (existingImages) form.set('existingImages', JSON.stringify(existingImages));
  return form;
}

/** A photo's body: the device's small copy as the part `image`. */
export function photoFormData(blob: Blob): FormData {
  const form = new FormData();
  form.append('image', blob, 'foto.jpg');
  return form;
}
