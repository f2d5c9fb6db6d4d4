import type { attachmentAnswer } from '../../../schema/api/messages.ts';
import { newId } from '../../../schema/ids.ts';
import type { Answer } from '../api/client.ts';
import { ApiError, api, isWriteLimited, NetworkError, retryLater } from '../api/client.ts';
import { chatFileOutbox, type QueuedAttachment, useOutbox } from './device-outbox.ts';
import { sendMessage } from './messages.ts';
import { setQueuedChatFiles } from './pending-count.ts';
import { currentDatabase, onDatabase } from './registry.ts';
import { currentSyncClient } from './sync-status.ts';
import type { AppSession, Notify } from './types.ts';

/**
 * Files attached while offline. A message's file must be on the server before the message can point to
 * it, so the file waits here (IndexedDB, survives reloads) and is shown as a pending message; when the
 * sync socket is back (boot.ts starts this queue with the database, so that needs no open chat page) it
 * is uploaded (POST /api/messages/attachments) and the message is written to RxDB with the same id, so a
 * retry after a crash cannot make a second message. Like the publish queue, it is handed the session and
 * the toast (startChatFileOutbox): db/ imports no features.
 */
export type { QueuedAttachment };
export type ChatFileDeps = { session: Pick<AppSession, 'get' | 'subscribe'>; notify: Notify };

let app: ChatFileDeps | null = null;
const signedIn = () => app?.session.get().userId ?? null;

const all = () => chatFileOutbox.list();
const drop = (id: string) => chatFileOutbox.delete(id);

/** The files of this person waiting on the device (sign-out asks before they are let go). */
export async function queuedAttachmentsOf(userId: string): Promise<QueuedAttachment[]> {
  return (await all()).filter((q) => q.userId === userId);
}

export async function queueAttachment(
  input: Omit<QueuedAttachment, 'id' | 'queuedAt' | 'name' | 'file'> & { file: File },
): Promise<void> {
  const { file, ...rest } = input;
  // The File itself does not survive every browser's structured clone into IndexedDB: keep a Blob.
  const blob = new Blob([await file.arrayBuffer()], { type: file.type });
  const entry: QueuedAttachment = {
    ...rest,
    id: newId(),
    file: blob,
    name: file.name,
    queuedAt: new Date().toISOString(),
  };
  await chatFileOutbox.put(entry.id, entry);
}

export function cancelQueuedAttachment(id: string): Promise<void> {
  return drop(id);
}

/** After a failed send while the sync link is up (an answer lost, a server error): the next try. */
export const ATTACHMENT_RETRY_SECONDS = 10;
let flushing: Promise<void> | null = null;
/**
 * Sends what waits, oldest first; stops at the first network failure or server error and keeps the file:
 * the next 'online' sends it, or, while the link is up, a try after ATTACHMENT_RETRY_SECONDS (the same
 * message id: a retry never makes a second message).
 */
export function flushAttachments(): Promise<void> {
  flushing ??= (async () => {
    const userId = signedIn();
    const notify: Notify = app?.notify ?? (() => undefined);
    if (!userId || !currentDatabase()?.collections.messages) return;
    const mine = await queuedAttachmentsOf(userId);
    for (const q of mine) {
      try {
        const form = new FormData();
        form.append('image', q.file, q.name);
        const { image } = await api<Answer<typeof attachmentAnswer>>('/api/messages/attachments', {
          method: 'POST',
          body: form,
        });
        const exists = await currentDatabase()?.messages.findOne(q.id).exec();
        if (!exists) await sendMessage({ ...q, image, fileName: q.name });
        await drop(q.id);
      } catch (err) {
        // Signed out meanwhile: the file stays until the person is back (or is cleared as a guest).
        if (err instanceof ApiError && err.status === 401) return;
        if (err instanceof NetworkError || (err instanceof ApiError && err.status >= 500)) {
          // The socket may still be up (only this request failed): no 'online' will come to send it.
          if (currentSyncClient()?.status$.value === 'online')
            retryLater('chat-attachments', () => void flushAttachments(), ATTACHMENT_RETRY_SECONDS);
          return;
        }
        // Past the uploads limit: the file waits on the device and goes when the window allows.
        if (isWriteLimited(err)) {
          notify(err.message, 'error', 4000);
          return retryLater('chat-attachments', () => void flushAttachments(), err.retryAfterSeconds);
        }
        // Refused by the server (e.g. the announcement was deleted meanwhile): say why, do not loop.
        await drop(q.id);
        notify(
          err instanceof ApiError || err instanceof Error ? err.message : 'Fișierul nu a putut fi trimis.',
          'error',
          4000,
        );
      }
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * Started once by bootDatabase with the app's session and toast: sends what waits whenever the sync
 * socket is (back) online, keeps the sync chip's count, and lets the files go when the person signs out.
 */
export function startChatFileOutbox(deps: ChatFileDeps): void {
  if (app) return;
  app = deps;
  const { session } = deps;
  let statusSub: { unsubscribe(): void } | null = null;
  onDatabase(() => {
    statusSub?.unsubscribe();
    statusSub =
      currentSyncClient()?.status$.subscribe((s) => {
        if (s === 'online') void flushAttachments();
      }) ?? null;
  });

  // The sync chip counts them with the other waiting changes.
  const countMine = () => {
    const userId = signedIn();
    if (!userId) return setQueuedChatFiles(0);
    void queuedAttachmentsOf(userId)
      .then((list) => setQueuedChatFiles(list.length))
      .catch(() => undefined);
  };
  chatFileOutbox.subscribe(countMine);
  session.subscribe(countMine);
  countMine();

  // Signed out: no file of the previous person stays on the device (their RxDB data goes the same way).
  const clearWhenGuest = () => {
    if (session.get().status !== 'guest') return;
    void chatFileOutbox.clear().catch(() => undefined);
  };
  session.subscribe(clearWhenGuest);
  clearWhenGuest();
}

const NONE: QueuedAttachment[] = [];

/** The files of `userId` waiting for this conversation, live. */
export function useQueuedAttachments(conversationId: string, userId: string): QueuedAttachment[] {
  const read = async () =>
    (await all()).filter((q) => q.userId === userId && q.conversationId === conversationId);
  return useOutbox(chatFileOutbox, read, NONE, `${userId}/${conversationId}`);
}
