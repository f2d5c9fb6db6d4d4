/**
 * The one id layout of every document, made on the server and on a device alike: 24 hex characters
 * whose first 8 are the creation time in seconds, then 16 random ones (the ObjectId layout the spec's
 * data uses). A device makes ids offline, so a message or an announcement exists before the server sees it.
 */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

/** Whether a string has the id layout (a path segment, a stored list's entry). */
export const isObjectId = (id: string): boolean => ID_PATTERN.test(id);

export function newId(at: Date | number = Date.now()): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const seconds = Math.floor(ms / 1000)
    .toString(16)
    .padStart(8, '0');
  const rand = crypto.getRandomValues(new Uint8Array(8));
  return seconds + Array.from(rand, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Spec doc 1 §3: a missing createdAt is the id's first 8 hex characters read as seconds. '' if not hex. */
export function createdAtFromId(id: string): string {
  const head = id.slice(0, 8);
  if (!/^[0-9a-f]{8}$/i.test(head)) return '';
  return new Date(Number.parseInt(head, 16) * 1000).toISOString();
}
