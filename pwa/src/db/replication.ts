import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication';
import { filter, map } from 'rxjs';
import { type PullResult, SYNC_LIMITS, type SyncCheckpoint, type WithDeleted } from '../../../schema/sync.ts';
import { markPushed } from './outbox.ts';
import type { SyncClient } from './sync-client.ts';
import type { CollectionKey, HobbizDatabase } from './types.ts';

type Name = CollectionKey;

/**
 * Replicates a collection over the shared socket. The stream carries no documents: a server poke (or a
 * reconnect) emits RESYNC and RxDB pulls from its checkpoint, so a client that was away can never skip
 * changes. Writable collections push their local changes; RxDB keeps that queue in IndexedDB, so writes
 * made offline survive reloads and go out when the socket is back.
 */
function replicate(db: HobbizDatabase, client: SyncClient, name: Name) {
  const collection = db.collections[name];
  return replicateRxCollection<unknown, SyncCheckpoint>({
    collection: collection as never,
    replicationIdentifier: `hobbiz-sync-${name}`,
    live: true,
    // Short: a push that failed with the socket is retried soon after it is back (also on RESYNC).
    retryTime: 2000,
    waitForLeadership: false,
    pull: {
      batchSize: SYNC_LIMITS.defaultBatchSize,
      handler: async (checkpoint, batchSize) => {
        const result = await client.request<PullResult<{ id: string }>>({
          type: 'pull',
          collection: name,
          checkpoint: checkpoint ?? null,
          batchSize,
        });
        return result as never;
      },
      stream$: client.resync$.pipe(
        filter((c) => c === 'all' || c.includes(name)),
        map(() => 'RESYNC' as const),
      ),
    },
    push: {
      batchSize: 50,
      handler: async (rows) => {
        const conflicts = await client.request<WithDeleted<unknown>[]>({
          type: 'push',
          collection: name,
          rows: rows as never,
        });
        // Written or answered with a conflict (RxDB then takes the server's copy): no longer waiting.
        markPushed(
          name,
          rows.map((r) => (r.newDocumentState as unknown as { id: string }).id),
        );
        return conflicts as never;
      },
    },
  });
}

export function startReplication(
  db: HobbizDatabase,
  client: SyncClient,
  signedIn: boolean,
): RxReplicationState<unknown, SyncCheckpoint>[] {
  // Announcements, profiles and reviews are not replicated from the beginning: the device holds the
  // ones it shows (working-set.ts). A guest's favourites and draft never leave the device; the private
  // collections need an account.
  const list: RxReplicationState<unknown, SyncCheckpoint>[] = [];
  if (signedIn) {
    for (const n of ['favorites', 'drafts', 'conversations', 'messages', 'notifications'] as const) {
      list.push(replicate(db, client, n));
    }
  }
  return list;
}
