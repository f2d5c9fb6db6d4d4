import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import type { RxJsonSchema } from 'rxdb';
import { createRxDatabase } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { describe, expect, it } from 'vitest';
import { messageRxSchema } from '../../../schema/rx/messaging.ts';
import { databaseName, openDatabase } from './database.ts';

const storage = () => getRxStorageDexie({ indexedDB, IDBKeyRange });

describe('a device upgraded with messages already stored', () => {
  it('keeps them, with an empty fileName (messages 0 → 1)', async () => {
    const userId = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    // The schema as it was in version 0: no fileName.
    const { fileName: _, ...properties } = messageRxSchema.properties;
    const v0 = {
      ...messageRxSchema,
      version: 0,
      properties,
      required: (messageRxSchema.required as string[]).filter((k) => k !== 'fileName'),
    } as RxJsonSchema<Record<string, unknown>>;
    const old = await createRxDatabase({
      name: databaseName(userId),
      storage: storage(),
      multiInstance: false,
    });
    await old.addCollections({ messages: { schema: v0 } });
    await old.messages!.insert({
      id: '0123456789abcdef01234567',
      conversationId: 'c',
      announcementId: '0123456789abcdef01234567',
      senderId: 's',
      recipientId: 'r',
      text: 'Bună!',
      image: '/uploads/chat/0123456789abcdef0123456789abcdef.pdf',
      replyTo: null,
      reactions: [],
      isRead: false,
      createdAt: '2026-01-01T00:00:00.000Z',
    } as never);
    await old.close();

    const db = await openDatabase(userId, ['messages'], storage());
    const doc = await db.messages.findOne('0123456789abcdef01234567').exec();
    expect(doc?.toJSON()).toMatchObject({ text: 'Bună!', fileName: '' });
    await db.close();
  });
});
