import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The chat-file queue after a failed send while the sync link stays up: the file is kept and tried again
 * after ATTACHMENT_RETRY_SECONDS with the same message id (no 'online' event will come to send it).
 */
const api = vi.fn();
const sendMessage = vi.fn(async (_m: { id: string }) => undefined);
vi.mock('../api/client.ts', async (original) => ({
  ...(await original<typeof import('../api/client.ts')>()),
  api: (...args: unknown[]) => api(...args),
}));
vi.mock('./messages.ts', () => ({
  sendMessage: (m: { id: string }) => sendMessage(m),
}));
vi.mock('./registry.ts', () => ({
  currentDatabase: () => ({
    collections: { messages: {} },
    messages: { findOne: () => ({ exec: async () => null }) },
  }),
  onDatabase: () => () => undefined,
}));
vi.mock('./sync-status.ts', () => ({
  currentSyncClient: () => ({ status$: { value: 'online', subscribe: () => ({ unsubscribe() {} }) } }),
}));
// What main.tsx hands the database layer: the signed-in person and the toast.
const session = { get: () => ({ userId: 'u1', status: 'user' as const }), subscribe: () => () => undefined };
const notify = vi.fn();

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
  api.mockReset();
  sendMessage.mockClear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

async function queued() {
  const outbox = await import('./chat-file-outbox.ts');
  outbox.startChatFileOutbox({ session, notify });
  const { ApiError, NetworkError } = await import('../api/client.ts');
  await outbox.queueAttachment({
    userId: 'u1',
    conversationId: 'c1',
    announcementId: 'a1',
    recipientId: 'u2',
    text: '',
    replyTo: null,
    file: new File(['%PDF-1.4'], 'Ofertă.pdf', { type: 'application/pdf' }),
  });
  const { chatFileOutbox } = await import('./device-outbox.ts');
  return { ...outbox, ApiError, NetworkError, chatFileOutbox };
}

describe('flushAttachments while the sync link is up', () => {
  for (const failure of ['network', 'server'] as const) {
    it(`keeps the file after a ${failure} error and sends it 10 s later, once, with the same id`, async () => {
      const q = await queued();
      const [entry] = await q.chatFileOutbox.list();
      api.mockRejectedValueOnce(
        failure === 'network' ? new q.NetworkError('offline') : new q.ApiError('Eroare de server.', 502),
      );
      api.mockResolvedValue({ image: '/uploads/chat/0123456789abcdef0123456789abcdef.pdf' });

      await q.flushAttachments();
      expect(sendMessage).not.toHaveBeenCalled();
      expect(await q.chatFileOutbox.list()).toHaveLength(1);

      // Nothing before the pause; then the queue goes by itself (no 'online' event, no call from here).
      await vi.advanceTimersByTimeAsync(9_000);
      await new Promise((r) => setImmediate(r));
      expect(sendMessage).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_300);
      await vi.waitFor(async () => expect(await q.chatFileOutbox.list()).toHaveLength(0));
      expect(sendMessage).toHaveBeenCalledTimes(1);
      expect(sendMessage.mock.calls[0]?.[0]).toMatchObject({ id: entry?.id, fileName: 'Ofertă.pdf' });
      expect(await q.chatFileOutbox.list()).toHaveLength(0);
    });
  }
});

describe('the sync chip count', () => {
  it('counts a chat file waiting on the device, and no longer once it is sent', async () => {
    const q = await queued();
    const { waitingCount } = await import('./pending-count.ts');
    await vi.waitFor(() => expect(waitingCount()).toBe(1));
    api.mockResolvedValue({ image: '/uploads/chat/0123456789abcdef0123456789abcdef.pdf' });
    await q.flushAttachments();
    await vi.waitFor(() => expect(waitingCount()).toBe(0));
  });
});
