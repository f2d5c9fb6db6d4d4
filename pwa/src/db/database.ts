import type { MigrationStrategies, RxJsonSchema, RxStorage } from 'rxdb';
import { addRxPlugin, createRxDatabase } from 'rxdb/plugins/core';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { heldRxSchema } from '../../../schema/rx/held.ts';
import {
  announcementRxSchema,
  conversationRxSchema,
  draftRxSchema,
  favoriteRxSchema,
  messageRxSchema,
  notificationRxSchema,
  profileRxSchema,
  reviewRxSchema,
} from '../../../schema/rx/schemas.gen.ts';
import { conflictHandlers } from './conflicts.ts';
import type { CollectionKey, HobbizCollections, HobbizDatabase } from './types.ts';

const SCHEMAS: Record<CollectionKey, RxJsonSchema<never>> = {
  announcements: announcementRxSchema as RxJsonSchema<never>,
  reviews: reviewRxSchema as RxJsonSchema<never>,
  profiles: profileRxSchema as RxJsonSchema<never>,
  favorites: favoriteRxSchema as RxJsonSchema<never>,
  drafts: draftRxSchema as RxJsonSchema<never>,
  conversations: conversationRxSchema as RxJsonSchema<never>,
  messages: messageRxSchema as RxJsonSchema<never>,
  notifications: notificationRxSchema as RxJsonSchema<never>,
  held: heldRxSchema as RxJsonSchema<never>,
};

addRxPlugin(RxDBMigrationSchemaPlugin);

/**
 * How a device's stored documents reach a newer collection version (COLLECTION_VERSIONS). Messages 1:
 * `fileName`, unknown for what the device already holds ('' shows the file's kind, as before).
 */
const MIGRATIONS: Partial<Record<CollectionKey, MigrationStrategies>> = {
  messages: { 1: (doc) => ({ ...doc, fileName: '' }) },
};

export const GUEST_COLLECTIONS: CollectionKey[] = [
  'announcements',
  'reviews',
  'profiles',
  'favorites',
  'drafts',
  'held',
];
export const USER_COLLECTIONS: CollectionKey[] = [
  ...GUEST_COLLECTIONS,
  'conversations',
  'messages',
  'notifications',
];

/** One IndexedDB database per person on the device, so two people on one phone never share data. */
export function databaseName(userId: string | null): string {
  return userId ? `hobbiz_u_${userId}` : 'hobbiz_guest';
}

/**
 * Opens a person's database. `only` opens a subset (RxDB allows ~13 open collections per page, so the
 * guest list read during the post-login merge opens just its favourites).
 */
export async function openDatabase(
  userId: string | null,
  only?: CollectionKey[],
  storage: RxStorage<unknown, unknown> = getRxStorageDexie(),
): Promise<HobbizDatabase> {
  const db = await createRxDatabase<HobbizCollections>({
    name: databaseName(userId),
    storage,
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  });
  const names = only ?? (userId ? USER_COLLECTIONS : GUEST_COLLECTIONS);
  const conflicts = conflictHandlers(userId);
  await db.addCollections(
    Object.fromEntries(
      names.map((n) => [
        n,
        { schema: SCHEMAS[n], conflictHandler: conflicts[n], migrationStrategies: MIGRATIONS[n] ?? {} },
      ]),
    ) as never,
  );
  return db;
}
