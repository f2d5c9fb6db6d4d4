import type { Db } from '../plugins/db.ts';
import { removeAttachment } from './rest-attachments.ts';

const DAY_MS = 86_400_000;
/**
 * A chat file waits this long for its message: the client uploads a file written offline as soon as
 * the socket is back and pushes the message right after, but a device may drop off again in between
 * (we support devices 30 days away).
 */
export const CHAT_UPLOAD_GRACE_DAYS = 30;

/**
 * Removes chat files that no live message uses after the grace period: uploaded but never sent, or
 * whose message was deleted (deleting one's message then really removes its file). Returns how many.
 */
export async function purgeUnusedChatUploads(
  db: Db,
  uploadsDir: string,
  now = Date.now(),
  graceMs = CHAT_UPLOAD_GRACE_DAYS * DAY_MS,
): Promise<number> {
  const unused = db.$client
    .prepare(
      `SELECT path FROM chat_uploads
       WHERE created_at < ?
         AND path NOT IN (SELECT image FROM messages WHERE image != '' AND deleted = 0)`,
    )
    .all(now - graceMs) as { path: string }[];
  const forget = db.$client.prepare('DELETE FROM chat_uploads WHERE path = ?');
  for (const { path } of unused) {
    // The record first: a message pushed from now on is refused instead of pointing at a missing file.
    forget.run(path);
    await removeAttachment(uploadsDir, path);
  }
  return unused.length;
}
