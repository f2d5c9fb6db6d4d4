import { createRxDatabase } from 'rxdb/plugins/core';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { announcementRxSchema } from '../../../schema/rx/announcements.ts';
import { draftRxSchema } from '../../../schema/rx/drafts.ts';
import { favoriteRxSchema } from '../../../schema/rx/favorites.ts';
import type { HobbizCollections, HobbizDatabase } from './types.ts';

/** One IndexedDB database per person on the device, so two people on one phone never share data. */
export function databaseName(userId: string | null): string {
  return userId ? `hobbiz_u_${userId}` : 'hobbiz_guest';
}

export async function openDatabase(userId: string | null): Promise<HobbizDatabase> {
  const db = await createRxDatabase<HobbizCollections>({
    name: databaseName(userId),
    storage: getRxStorageDexie(),
    multiInstance: true,
    eventReduce: true,
    closeDuplicates: true,
  });
  await db.addCollections({
    announcements: { schema: announcementRxSchema },
    // For a guest these two stay on the device (local-only); after login they can move to the account.
    favorites: { schema: favoriteRxSchema },
    drafts: { schema: draftRxSchema },
  });
  return db;
}
