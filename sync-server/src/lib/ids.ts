import { randomBytes } from 'node:crypto';

/** 24-hex ids whose first 8 characters are the creation time in seconds (ObjectId layout). */
export function newId(at: Date = new Date()): string {
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

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
