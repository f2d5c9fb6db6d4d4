import { newId } from '../../../../schema/ids.ts';
import { normalizeImagePath } from '../../../../schema/images.ts';
import { markNewPhoto } from '../../db/photo-uploads.ts';
import { announcementFormData } from '../../db/publish-request.ts';

/** A photo of the form: one already stored on the server (edit) or a new file picked on this device. */
export type ImageItem =
  | { key: string; kind: 'stored'; path: string; url: string }
  | {
      key: string;
      kind: 'new';
      blob: Blob;
      url: string;
      /** Made on the device when picked: the photo goes up under it (db/photo-uploads.ts), once. */
      photoId: string;
    };

let counter = 0;
const nextKey = () => `img-${++counter}`;

export function storedImage(path: string): ImageItem {
  return { key: nextKey(), kind: 'stored', path, url: normalizeImagePath(path) };
}

/** A photo of this device: `photoId` given when restored (the draft), else made now (never sent yet). */
export function newImage(blob: Blob, photoId?: string): ImageItem {
  const id = photoId ?? newId();
  if (!photoId) markNewPhoto(id);
  return { key: nextKey(), kind: 'new', blob, url: URL.createObjectURL(blob), photoId: id };
}

export function releaseImage(item: ImageItem): void {
  if (item.kind === 'new') URL.revokeObjectURL(item.url);
}

/** Moves the photo at `from` to `to` (the first one is the cover). */
export function moveImage(list: ImageItem[], from: number, to: number): ImageItem[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The multipart body of an update: the fields, the new photos in form order, and the order of every
 * photo ('new:N' marks the N-th new file), so a new photo may become the cover.
 */
export function updateForm(fields: Record<string, string>, images: ImageItem[]): FormData {
  const photos: Blob[] = [];
  const order = images.map((img) => {
    if (img.kind === 'stored') return img.path;
    photos.push(img.blob);
    return `new:${photos.length - 1}`;
  });
  return announcementFormData(fields, photos, order);
}
