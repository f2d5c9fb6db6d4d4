import { CHAT_UNSENT_RETENTION_MS } from '../../../schema/rules/upload-quotas.ts';
import type { FileStorage } from '../lib/file-storage.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { MessagingRepository } from '../repositories/messaging.ts';
import { removeAttachment } from './rest-attachments.ts';

/**
 * A chat file waits this long for its message (issue 40: was 30 days, which let a flood of files that
 * are never sent fill the disk). The client uploads a file written offline as soon as the socket is back
 * and writes its message right after, so the message follows within seconds; a device that drops off
 * in between for longer has its message refused and the file gone (the number: schema/rules/upload-quotas.ts).
 */
export const CHAT_UPLOAD_GRACE_MS = CHAT_UNSENT_RETENTION_MS;

/**
 * Removes chat files that no live message uses after the grace period: uploaded but never sent, or
 * whose message was deleted (deleting one's message then really removes its file). Returns how many.
 */
export async function purgeUnusedChatUploads(
  deps: { uow: UnitOfWork; repo: MessagingRepository },
  storage: FileStorage,
  now = Date.now(),
  graceMs = CHAT_UPLOAD_GRACE_MS,
): Promise<number> {
  const unused = await deps.repo.unusedUploads(now - graceMs);
  for (const path of unused) {
    // The record first: a message pushed from now on is refused instead of pointing at a missing file.
    await deps.uow.write(() => deps.repo.forgetUpload(path));
    await removeAttachment(storage, path);
  }
  return unused.length;
}
