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
    // A handler never fails for being offline: it waits for the socket (client.whenOnline), so what was
    // written offline goes out with the first 'ready'. retryTime only paces a request that failed on a
    // live socket (dropped mid-request, timed out, an error answer): RxDB sleeps that long, and neither a
    // RESYNC nor reSync() cuts that sleep short (it is a plain timer inside its push/pull loop).
    retryTime: 2000,
    waitForLeadership: false,
    pull: {
      batchSize: SYNC_LIMITS.defaultBatchSize,
      handler: async (checkpoint, batchSize) => {
        await client.whenOnline();
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
        await client.whenOnline();
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
