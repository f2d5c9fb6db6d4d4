import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_REQUIRED } from '../../../schema/rules/common.ts';
import { MESSAGE_LIMITS, MESSAGE_MESSAGES } from '../../../schema/rules/messages.ts';
import { openDatabase } from './database.ts';
import {
  deleteMessage,
  deleteNotifications,
  markConversationRead,
  sendMessage,
  sendTyping,
  setViewingConversation,
  toggleReaction,
} from './messages.ts';
import { pendingChangeCount, selectOutbox } from './pending-count.ts';
import { setCurrentDatabase } from './registry.ts';
import type { SyncClient } from './sync-client.ts';
import { setSyncClient } from './sync-status.ts';
import type { HobbizDatabase } from './types.ts';

/**
 * The chat's writes on a real RxDB (Dexie on fake-indexeddb): what the person sees at once, offline too,
 * and what is counted as waiting for the server.
 */
const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'cccccccccccccccccccccccc';
const ANNOUNCEMENT = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const CONVERSATION = `${OTHER}-${ME}-${ANNOUNCEMENT}`;

let db: HobbizDatabase;
beforeAll(async () => {
  db = await openDatabase(
    ME,
    ['messages', 'conversations', 'notifications'],
    getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }),
  );
});
afterAll(() => db.close());
// One database for the file (opening one takes a while); each test starts with it empty.
beforeEach(async () => {
  await Promise.all([
    db.messages.find().remove(),
    db.conversations.find().remove(),
    db.notifications.find().remove(),
  ]);
  setCurrentDatabase(db);
  selectOutbox(`${ME}-${Math.random()}`);
});
afterEach(() => {
  setCurrentDatabase(null);
  setSyncClient(null);
});

const send = (over: Partial<Parameters<typeof sendMessage>[0]> = {}) =>
  sendMessage({
    announcementId: ANNOUNCEMENT,
    recipientId: '',
    conversationId: CONVERSATION,
    text: 'Bună!',
    ...over,
  });

async function stored(id: string) {
  return (await db.messages.findOne(id).exec())?.toJSON();
}

describe('sendMessage', () => {
  it('writes the message at once, without a sender until the server confirms it, and counts it as waiting', async () => {
    const id = await send({ text: 'Mai este disponibil?' });
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(await stored(id)).toMatchObject({
      id,
      conversationId: CONVERSATION,
      announcementId: ANNOUNCEMENT,
      senderId: '',
      text: 'Mai este disponibil?',
      image: '',
      fileName: '',
      replyTo: null,
      reactions: [],
      isRead: false,
    });
    expect(pendingChangeCount()).toBe(1);
  });

  it('keeps the id a queued file was shown with, so a retry never makes a second message', async () => {
    const id = '0123456789abcdef01234567';
    expect(
      await send({
        id,
        text: '',
        image: '/uploads/chat/0123456789abcdef0123456789abcdef.pdf',
        fileName: 'Ofertă.pdf',
      }),
    ).toBe(id);
    await expect(send({ id, text: 'din nou' })).rejects.toThrow();
    expect(await db.messages.count().exec()).toBe(1);
    expect(await stored(id)).toMatchObject({ text: '', fileName: 'Ofertă.pdf' });
  });

  it('refuses an empty or too long message with the composer’s Romanian text, and stores nothing', async () => {
    await expect(send({ text: '   ' })).rejects.toThrow(MESSAGE_MESSAGES.empty);
    expect(MESSAGE_MESSAGES.empty).toBe('Scrie un mesaj sau atașează o imagine.');
    await expect(send({ text: 'a'.repeat(MESSAGE_LIMITS.textMax + 1) })).rejects.toThrow(
      'Mesajul nu poate depăși 5000 de caractere.',
    );
    expect(await db.messages.count().exec()).toBe(0);
    expect(pendingChangeCount()).toBe(0);
  });

  it('sends a file without text, its name fitted to the stored kind (never shown as another type)', async () => {
    const id = await send({
      text: '',
      image: '/uploads/chat/0123456789abcdef0123456789abcdef.pdf',
      fileName: 'C:\\acte\\oferta.exe',
    });
    expect(await stored(id)).toMatchObject({ fileName: 'oferta.exe.pdf' });
  });

  it('keeps the quoted message it answers', async () => {
    const replyTo = { messageId: '0123456789abcdef01234567', senderId: OTHER, text: 'Da, este.', image: '' };
    const id = await send({ replyTo });
    expect((await stored(id))?.replyTo).toEqual(replyTo);
  });

  it('asks to sign in when there is no database (a guest)', async () => {
    setCurrentDatabase(null);
    await expect(send()).rejects.toThrow(SIGN_IN_REQUIRED);
    expect(SIGN_IN_REQUIRED).toBe('Trebuie să fii autentificat.');
  });
});

describe('toggleReaction', () => {
  it('adds, replaces and removes one reaction per person, leaving the other person’s', async () => {
    const id = await send();
    await toggleReaction(id, OTHER, '❤️');
    await toggleReaction(id, ME, '👍');
    expect((await stored(id))?.reactions).toEqual([
      { emoji: '❤️', userId: OTHER },
      { emoji: '👍', userId: ME },
    ]);
    await toggleReaction(id, ME, '😂');
    expect((await stored(id))?.reactions).toEqual([
      { emoji: '❤️', userId: OTHER },
      { emoji: '😂', userId: ME },
    ]);
    await toggleReaction(id, ME, '😂');
    expect((await stored(id))?.reactions).toEqual([{ emoji: '❤️', userId: OTHER }]);
  });

  it('does nothing for a message that is gone', async () => {
    await expect(toggleReaction('0123456789abcdef01234567', ME, '👍')).resolves.toBeUndefined();
    expect(pendingChangeCount()).toBe(0);
  });
});

describe('deleteMessage', () => {
  it('removes the message on the device and keeps the removal waiting for the server', async () => {
    const keep = await send({ text: 'rămâne' });
    const gone = await send({ text: 'pleacă' });
    await deleteMessage(gone);
    expect(await stored(gone)).toBeUndefined();
    expect(await stored(keep)).toMatchObject({ text: 'rămâne' });
    expect(pendingChangeCount()).toBe(2);
  });
});

describe('markConversationRead', () => {
  const conversation = {
    id: CONVERSATION,
    otherUserId: OTHER,
    announcementId: ANNOUNCEMENT,
    lastMessageText: 'Salut',
    lastMessageAt: '2026-11-20T10:00:00.000Z',
    lastSenderId: OTHER,
    unreadCount: 3,
    lastReadAt: '2026-11-20T09:00:00.000Z',
  };

  it('marks it read up to the newest message shown, once', async () => {
    await db.conversations.insert(conversation);
    await markConversationRead(CONVERSATION, '2026-11-20T10:00:00.000Z');
    expect((await db.conversations.findOne(CONVERSATION).exec())?.toJSON()).toMatchObject({
      unreadCount: 0,
      lastReadAt: '2026-11-20T10:00:00.000Z',
    });
    expect(pendingChangeCount()).toBe(1);
  });

  it('never moves the read mark back, and leaves a read conversation alone', async () => {
    await db.conversations.insert(conversation);
    await markConversationRead(CONVERSATION, '2026-11-20T08:00:00.000Z');
    await markConversationRead(CONVERSATION, '');
    expect((await db.conversations.findOne(CONVERSATION).exec())?.unreadCount).toBe(3);
    expect(pendingChangeCount()).toBe(0);
  });
});

describe('deleteNotifications', () => {
  it('removes only the notifications the device has', async () => {
    const base = {
      senderId: OTHER,
      conversationId: CONVERSATION,
      link: '/chat',
      message: 'Mesaj nou',
      read: false,
    };
    await db.notifications.bulkInsert([
      { ...base, id: '0123456789abcdef0000000a', createdAt: '2026-11-20T10:00:00.000Z' },
      { ...base, id: '0123456789abcdef0000000b', createdAt: '2026-11-20T11:00:00.000Z' },
    ]);
    await deleteNotifications(['0123456789abcdef0000000a', '0123456789abcdef0000000f']);
    const left = await db.notifications.find().exec();
    expect(left.map((n) => n.id)).toEqual(['0123456789abcdef0000000b']);
    expect(pendingChangeCount()).toBe(1);
  });
});

describe('typing and the conversation on screen', () => {
  it('go to the sync socket, and are dropped quietly before it exists', () => {
    expect(() => sendTyping(CONVERSATION, true)).not.toThrow();
    const socket = { sendTyping: vi.fn(), setViewing: vi.fn() };
    setSyncClient(socket as unknown as SyncClient);
    sendTyping(CONVERSATION, true);
    setViewingConversation(CONVERSATION);
    setViewingConversation(null);
    expect(socket.sendTyping).toHaveBeenCalledWith(CONVERSATION, true);
    expect(socket.setViewing.mock.calls).toEqual([[CONVERSATION], [null]]);
  });
});
