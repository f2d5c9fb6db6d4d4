/**
 * Image paths of announcements. Uploads live under /uploads/; the server also writes two WebP size variants
 * next to each original ('name.jpg' → 'name-320.webp', 'name-640.webp') for list cards and srcset.
 */
export const IMAGE_WIDTHS = [320, 640] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** URLs we did not store ourselves: used as they are. */
function isExternal(p: string): boolean {
  return /^(https?:|data:|blob:)/i.test(p);
}

/**
 * Spec §5: values starting with http or /uploads pass through; otherwise the file name alone is placed
 * under /uploads/ (old records hold bare names or server-side paths such as 'uploads\\x.jpg').
 */
export function normalizeImagePath(p: string): string {
  const value = p.trim();
  if (value === '' || isExternal(value) || value.startsWith('/uploads')) return value;
  const name = value.split(/[\\/]/).pop() ?? '';
  return name === '' ? '' : `/uploads/${name}`;
}

/** Path of the WebP variant of a local image; external URLs are returned unchanged. */
export function imageVariant(path: string, width: ImageWidth): string {
  const local = normalizeImagePath(path);
  if (local === '' || isExternal(local)) return local;
  const slash = local.lastIndexOf('/');
  const dot = local.lastIndexOf('.');
  const base = dot > slash ? local.slice(0, dot) : local;
  return `${base}-${width}.webp`;
}

/** srcset with both variants, or '' for an external URL (we have no variants of those). */
export function imageSrcSet(path: string): string {
  const local = normalizeImagePath(path);
  if (local === '' || isExternal(local)) return '';
  return IMAGE_WIDTHS.map((w) => `${imageVariant(local, w)} ${w}w`).join(', ');
}
