import { normalizeImagePath } from '../../../../schema/images.ts';

/** A photo of the form: one already stored on the server (edit) or a new file picked on this device. */
export type ImageItem =
  | { key: string; kind: 'stored'; path: string; url: string }
  | { key: string; kind: 'new'; blob: Blob; url: string };

let counter = 0;
const nextKey = () => `img-${++counter}`;

export function storedImage(path: string): ImageItem {
  return { key: nextKey(), kind: 'stored', path, url: normalizeImagePath(path) };
}

export function newImage(blob: Blob): ImageItem {
  return { key: nextKey(), kind: 'new', blob, url: URL.createObjectURL(blob) };
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
 * The multipart body of a publish or an update: the fields, the new photos in form order, and for an
 * update the order of every photo ('new:N' marks the N-th new file), so a new photo may become the cover.
 */
export function announcementForm(
  fields: Record<string, string>,
  images: ImageItem[],
  mode: 'publish' | 'update',
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  let n = 0;
  const order: string[] = [];
  for (const img of images) {
    if (img.kind === 'new') {
      form.append('images', img.blob, `foto-${n + 1}.jpg`);
      order.push(`new:${n++}`);
    } else order.push(img.path);
  }
  if (mode === 'update') form.set('existingImages', JSON.stringify(order));
  return form;
}
