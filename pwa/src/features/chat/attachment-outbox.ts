import { useEffect, useState } from 'react';
import { ApiError, api, isWriteLimited, NetworkError, retryLater } from '../../api/client.ts';
import { chatFileOutbox, type QueuedAttachment } from '../../db/device-outbox.ts';
import { localId, sendMessage } from '../../db/messages.ts';
import { currentDatabase, onDatabase } from '../../db/registry.ts';
import { currentSyncClient } from '../../db/sync-status.ts';
import { session } from '../session/session-store.ts';
import { showToast } from '../shell/toast.ts';

/**
 * Files attached while offline. A message's file must be on the server before the message can point to
 * it, so the file waits here (IndexedDB, survives reloads) and is shown as a pending message; when the
 * sync socket is back it is uploaded (POST /api/messages/attachments) and the message is written to RxDB
 * with the same id, so a retry after a crash cannot make a second message.
 */
export type { QueuedAttachment };

const all = () => chatFileOutbox.list();
const drop = (id: string) => chatFileOutbox.delete(id);

export async function queueAttachment(
  input: Omit<QueuedAttachment, 'id' | 'queuedAt' | 'name' | 'file'> & { file: File },
): Promise<void> {
  const { file, ...rest } = input;
  // The File itself does not survive every browser's structured clone into IndexedDB: keep a Blob.
  const blob = new Blob([await file.arrayBuffer()], { type: file.type });
  const entry: QueuedAttachment = {
    ...rest,
    id: localId(),
    file: blob,
    name: file.name,
    queuedAt: new Date().toISOString(),
  };
  await chatFileOutbox.put(entry.id, entry);
}

export function cancelQueuedAttachment(id: string): Promise<void> {
  return drop(id);
}

let flushing: Promise<void> | null = null;
/** Sends what waits, oldest first; stops at the first network failure (the next 'online' retries). */
export function flushAttachments(): Promise<void> {
  flushing ??= (async () => {
    const userId = session.get().userId;
    if (!userId || !currentDatabase()?.collections.messages) return;
    const mine = (await all()).filter((q) => q.userId === userId);
    for (const q of mine) {
      try {
        const form = new FormData();
        form.append('image', q.file, q.name);
        const { image } = await api<{ image: string }>('/api/messages/attachments', {
          method: 'POST',
          body: form,
        });
        const exists = await currentDatabase()?.messages.findOne(q.id).exec();
        if (!exists) await sendMessage({ ...q, image, fileName: q.name });
        await drop(q.id);
      } catch (err) {
        if (err instanceof NetworkError) return;
        // Past the uploads limit: the file waits on the device and goes when the window allows.
        if (isWriteLimited(err)) {
          showToast(err.message, 'error', 4000);
          return retryLater('chat-attachments', () => void flushAttachments(), err.retryAfterSeconds);
        }
        // Refused by the server (e.g. the announcement was deleted meanwhile): say why, do not loop.
        await drop(q.id);
        showToast(
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

// Whenever the sync socket is (back) online, what waits goes out.
let statusSub: { unsubscribe(): void } | null = null;
onDatabase(() => {
  statusSub?.unsubscribe();
  statusSub =
    currentSyncClient()?.status$.subscribe((s) => {
      if (s === 'online') void flushAttachments();
    }) ?? null;
});

/** The files waiting for this conversation, live. */
export function useQueuedAttachments(conversationId: string): QueuedAttachment[] {
  const [list, setList] = useState<QueuedAttachment[]>([]);
  useEffect(() => {
    let alive = true;
    const load = () =>
      void all()
        .then((items) => {
          const userId = session.get().userId;
          if (alive) setList(items.filter((q) => q.userId === userId && q.conversationId === conversationId));
        })
        .catch(() => undefined);
    const off = chatFileOutbox.subscribe(load);
    load();
    return () => {
      alive = false;
      off();
    };
  }, [conversationId]);
  return list;
}

// Signed out: no file of the previous person stays on the device (their RxDB data goes the same way).
const clearWhenGuest = () => {
  if (session.get().status !== 'guest') return;
  void chatFileOutbox.clear().catch(() => undefined);
};
session.subscribe(clearWhenGuest);
clearWhenGuest();
