/** The id layout is shared with the devices (schema/ids.ts); re-exported for the server's many callers. */
export { newId } from '../../../schema/ids.ts';
/**
 * A client's timestamp where it is harmless to keep one (when a favourite was added, when a chat was
 * read): kept if it is a valid date not in the future, otherwise the server's now. Keeping it means the
 * stored document is the one the device pushed, so its next edit is not a false conflict.
 */
export function saneClientTime(iso: unknown, now = Date.now()): string {
  const t = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(t) && t <= now + 60_000 && t > now - 400 * 86_400_000
    ? new Date(t).toISOString()
    : new Date(now).toISOString();
}
