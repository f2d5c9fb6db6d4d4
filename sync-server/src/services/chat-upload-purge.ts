import type { FileStorage } from '../lib/file-storage.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
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
  deps: { uow: UnitOfWork; repo: MessagingRepository },
  storage: FileStorage,
  now = Date.now(),
  graceMs = CHAT_UPLOAD_GRACE_DAYS * DAY_MS,
): Promise<number> {
  const unused = await deps.repo.unusedUploads(now - graceMs);
  for (const path of unused) {
    // The record first: a message pushed from now on is refused instead of pointing at a missing file.
    await deps.uow.write(() => deps.repo.forgetUpload(path));
    await removeAttachment(storage, path);
  }
  return unused.length;
}
