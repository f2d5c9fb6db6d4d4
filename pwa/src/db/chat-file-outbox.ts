import type { attachmentAnswer } from '../../../schema/api/messages.ts';
import { newId } from '../../../schema/ids.ts';
import type { Answer } from '../api/client.ts';
import { ApiError, api } from '../api/client.ts';
import { chatFileOutbox, type QueuedAttachment, queuedAtNow, useOutbox } from './device-outbox.ts';
import { sendMessage } from './messages.ts';
import { drain, registerOutbox } from './outbox-drain.ts';
import { setQueuedChatFiles } from './pending-count.ts';
import { currentDatabase } from './registry.ts';
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

/**
 * How long a file refused for a full quota waits on the device before it is tried again: the person's
 * or the address's day of uploads (413) frees within hours, the server's storage (507) when an operator
 * acts. Not every drain: each try would send the whole file again over a weak link.
 */
export const QUOTA_RETRY_MS = { 413: 60 * 60_000, 507: 15 * 60_000 } as const;
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
    queuedAt: queuedAtNow(),
  };
  await chatFileOutbox.put(entry.id, entry);
}

export function cancelQueuedAttachment(id: string): Promise<void> {
  return drop(id);
}

/**
 * Sends what waits, oldest first, by the device's one retry rule (db/outbox-drain.ts): the file goes up,
 * then the message is written with the id made when it was queued (a retry never makes a second
 * message); a file the server refuses (e.g. the announcement was deleted meanwhile) is dropped with why.
 */
export function flushAttachments(): Promise<void> {
  const userId = signedIn();
  const notify: Notify = app?.notify ?? (() => undefined);
  if (!userId || !currentDatabase()?.collections.messages) return Promise.resolve();
  return drain<QueuedAttachment>({
    name: 'chat-attachments',
    waiting: async () => (await queuedAttachmentsOf(userId)).filter((q) => !(q.heldUntil! > Date.now())),
    send: async (q) => {
      // A crash after the message was written but before the queue let go: the message is there,
      // so the file is not sent a second time (it would lie unused on the server).
      if (await currentDatabase()?.messages.findOne(q.id).exec()) return drop(q.id);
      const form = new FormData();
      form.append('image', q.file, q.name);
      let image: string;
      try {
        ({ image } = await api<Answer<typeof attachmentAnswer>>('/api/messages/attachments', {
          method: 'POST',
          body: form,
          fallbackError: 'Fișierul nu a putut fi trimis.',
        }));
      } catch (err) {
        // A full quota: kept on the device with the server's words, tried again later (not dropped).
        if (err instanceof ApiError && (err.status === 413 || err.status === 507)) {
          await chatFileOutbox.put(q.id, { ...q, heldUntil: Date.now() + QUOTA_RETRY_MS[err.status] });
          notify(err.message, 'error', 6000);
          return;
        }
        throw err;
      }
      await sendMessage({ ...q, image, fileName: q.name });
      await drop(q.id);
    },
    refused: async (q, reason) => {
      await drop(q.id);
      notify(reason || 'Fișierul nu a putut fi trimis.', 'error', 4000);
    },
    notify: (message) => notify(message, 'error', 4000),
  });
}

/**
 * Started once by bootDatabase with the app's session and toast: registers the queue with the one drain
 * (run whenever the sync socket is (back) online), keeps the sync chip's count, and lets the files go when the person signs out.
 */
export function startChatFileOutbox(deps: ChatFileDeps): void {
  if (app) return;
  app = deps;
  const { session } = deps;
  // Drained with the other outboxes whenever the sync link is (back) up (boot.ts).
  registerOutbox('chat-files', flushAttachments);

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
