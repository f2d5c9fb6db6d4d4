import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ATTACHMENT_MESSAGES } from '../../../schema/rules/messages.ts';
import { openDatabase } from './database.ts';
import type { HobbizDatabase } from './types.ts';

/**
 * The chat-file queue end to end on the device: IndexedDB (fake-indexeddb) for the files, a real RxDB for
 * the messages, the real drain and messages module; only `fetch` is faked. (chat-file-outbox.test.ts
 * covers the retry timer with the database faked.)
 */
const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'cccccccccccccccccccccccc';
const ANNOUNCEMENT = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const STORED = '/uploads/chat/0123456789abcdef0123456789abcdef.pdf';

let db: HobbizDatabase;
beforeAll(async () => {
  db = await openDatabase(ME, ['messages'], getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }));
});
afterAll(() => db.close());

const fetchMock = vi.fn<typeof fetch>();
const notify = vi.fn();
/** What main.tsx hands the database layer: the signed-in person, who may sign out. */
function sessionOf(userId: string | null) {
  const listeners = new Set<() => void>();
  let state = { userId, status: userId ? ('user' as const) : ('guest' as const) };
  return {
    get: () => state,
    subscribe: (fn: () => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    signOut() {
      state = { userId: null, status: 'guest' };
      for (const fn of listeners) fn();
    },
  };
}

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
  fetchMock.mockReset();
  notify.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await db.messages.find().remove();
});
afterEach(() => vi.unstubAllGlobals());

async function load(session = sessionOf(ME), withDatabase = true) {
  const { setCurrentDatabase } = await import('./registry.ts');
  setCurrentDatabase(withDatabase ? db : null);
  const outbox = await import('./chat-file-outbox.ts');
  const { drainAll } = await import('./outbox-drain.ts');
  const { chatFileOutbox } = await import('./device-outbox.ts');
  const { waitingCount } = await import('./pending-count.ts');
  outbox.startChatFileOutbox({ session, notify });
  const queue = (userId = ME, name = 'Ofertă.pdf', text = '') =>
    outbox.queueAttachment({
      userId,
      conversationId: `${OTHER}-${userId}-${ANNOUNCEMENT}`,
      announcementId: ANNOUNCEMENT,
      recipientId: '',
      text,
      replyTo: null,
      file: new File(['%PDF-1.4 oferta'], name, { type: 'application/pdf' }),
    });
  return { ...outbox, drainAll, chatFileOutbox, waitingCount, queue, session };
}

const uploaded = () => new Response(JSON.stringify({ image: STORED }), { status: 201 });
const refusal = (status: number, error: string) => new Response(JSON.stringify({ error }), { status });

describe('queueAttachment', () => {
  it('keeps the file’s bytes, name and type on the device with an id made before any attempt', async () => {
    const q = await load();
    await q.queue(ME, 'Ofertă.pdf', 'Uite oferta');
    const [entry] = await q.chatFileOutbox.list();
    expect(entry).toMatchObject({
      userId: ME,
      name: 'Ofertă.pdf',
      text: 'Uite oferta',
      announcementId: ANNOUNCEMENT,
    });
    expect(entry?.id).toMatch(/^[0-9a-f]{24}$/);
    expect(entry?.file.type).toBe('application/pdf');
    expect(await entry?.file.text()).toBe('%PDF-1.4 oferta');
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(q.waitingCount()).toBe(1));
  });
});

describe('sending the queue when the connection is back', () => {
  it('uploads the file, then writes the message with the queued id and the file’s name', async () => {
    const q = await load();
    await q.queue(ME, 'Ofertă.pdf', 'Uite oferta');
    const [entry] = await q.chatFileOutbox.list();
    fetchMock.mockResolvedValue(uploaded());
    await q.drainAll();

    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/messages/attachments');
    const file = ((init as RequestInit).body as FormData).get('image') as File;
    expect(file.name).toBe('Ofertă.pdf');
    expect(await file.text()).toBe('%PDF-1.4 oferta');

    const message = (await db.messages.findOne(entry?.id ?? '').exec())?.toJSON();
    expect(message).toMatchObject({
      senderId: '',
      image: STORED,
      fileName: 'Ofertă.pdf',
      text: 'Uite oferta',
    });
    expect(await q.chatFileOutbox.list()).toEqual([]);
  });

  it('after a crash between writing the message and dropping the file, makes no second message', async () => {
    const q = await load();
    await q.queue();
    const [entry] = await q.chatFileOutbox.list();
    fetchMock.mockResolvedValue(uploaded());
    // The message was written by the attempt before the crash.
    const { sendMessage } = await import('./messages.ts');
    await sendMessage({ ...entry!, image: STORED, fileName: 'Ofertă.pdf' });
    await q.drainAll();
    expect(await db.messages.count().exec()).toBe(1);
    expect(await q.chatFileOutbox.list()).toEqual([]);
    // Nor a second upload: the file would lie unused on the server.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops a file the server refuses and tells the person why; nothing is written', async () => {
    const q = await load();
    await q.queue();
    fetchMock.mockResolvedValue(refusal(415, ATTACHMENT_MESSAGES.unsupported));
    await q.drainAll();
    expect(await q.chatFileOutbox.list()).toEqual([]);
    expect(await db.messages.count().exec()).toBe(0);
    expect(notify).toHaveBeenCalledWith(
      'Tipul de fișier nu este suportat. Poți încărca imagini, PDF-uri sau documente Word.',
      'error',
      4000,
    );
  });

  it('keeps a file refused for a full quota (413, 507) on the device, says why, and tries it again later', async () => {
    const q = await load();
    await q.queue();
    const full = 'Ai atins limita de spațiu pentru fișiere: 300 MB într-o zi. Poți încărca din nou mâine.';
    fetchMock.mockResolvedValueOnce(refusal(413, full));
    await q.drainAll();
    const [kept] = await q.chatFileOutbox.list();
    expect(kept?.heldUntil).toBeGreaterThan(Date.now());
    expect(notify).toHaveBeenCalledWith(full, 'error', 6000);
    expect(await db.messages.count().exec()).toBe(0);
    // Held back: the next drain does not send the whole file again.
    await q.drainAll();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // Once its time has come it goes up, and the message is written.
    await q.chatFileOutbox.put(kept!.id, { ...kept!, heldUntil: Date.now() - 1 });
    fetchMock.mockResolvedValueOnce(uploaded());
    await q.drainAll();
    expect(await q.chatFileOutbox.list()).toEqual([]);
    expect(await db.messages.count().exec()).toBe(1);
  });

  it('keeps the file, silently, when the session ended (401) or the server is unreachable', async () => {
    const q = await load();
    await q.queue();
    fetchMock.mockResolvedValueOnce(refusal(401, 'Trebuie să fii autentificat.'));
    await q.drainAll();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await q.drainAll();
    expect(await q.chatFileOutbox.list()).toHaveLength(1);
    expect(await db.messages.count().exec()).toBe(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends the files oldest first, only the signed-in person’s, and nothing without a database', async () => {
    const q = await load(sessionOf(ME), false);
    await q.queue(ME, 'unu.pdf');
    await q.queue(OTHER, 'altcuiva.pdf');
    await q.queue(ME, 'doi.pdf');
    fetchMock.mockImplementation(async () => uploaded());
    await q.flushAttachments();
    expect(fetchMock).not.toHaveBeenCalled();

    const { setCurrentDatabase } = await import('./registry.ts');
    setCurrentDatabase(db);
    await q.flushAttachments();
    const names = fetchMock.mock.calls.map(
      ([, init]) => (((init as RequestInit).body as FormData).get('image') as File).name,
    );
    expect(names).toEqual(['unu.pdf', 'doi.pdf']);
    expect((await q.chatFileOutbox.list()).map((e) => e.name)).toEqual(['altcuiva.pdf']);
  });
});

describe('cancelling and signing out', () => {
  it('‘Anulează trimiterea’ removes the file before it is sent', async () => {
    const q = await load();
    await q.queue();
    const [entry] = await q.chatFileOutbox.list();
    await q.cancelQueuedAttachment(entry!.id);
    fetchMock.mockResolvedValue(uploaded());
    await q.drainAll();
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(q.waitingCount()).toBe(0));
  });

  it('signing out lets no file of the previous person stay on the device', async () => {
    const q = await load();
    await q.queue();
    expect(await q.queuedAttachmentsOf(ME)).toHaveLength(1);
    q.session.signOut();
    await vi.waitFor(async () => expect(await q.chatFileOutbox.list()).toEqual([]));
    await vi.waitFor(() => expect(q.waitingCount()).toBe(0));
  });
});
