/** Photo-list rules of the announcement update (pure; used by services/announcements.ts). */

/** A client may send back the absolute URL it displayed; the row holds the path. */
export function storedPath(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    return new URL(value).pathname;
  } catch {
    return value;
  }
}

/** The final photo list: `order` (kept paths and `new:N` slots) resolved, unplaced new photos last. */
export function arrangeImages(order: string[], current: string[], added: string[]): string[] {
  const out: string[] = [];
  for (const entry of order) {
    const slot = /^new:(\d{1,2})$/.exec(entry);
    const path = slot ? added[Number(slot[1])] : current.includes(entry) ? entry : undefined;
    if (path && !out.includes(path)) out.push(path);
  }
  return [...out, ...added.filter((p) => !out.includes(p))];
}
