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
