import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication';
import { filter, map } from 'rxjs';
import { type PullResult, SYNC_LIMITS, type SyncCheckpoint } from '../../../schema/sync.ts';
import type { SyncClient } from './sync-client.ts';
import type { HobbizDatabase } from './types.ts';

/**
 * Pull-replicates a collection over the shared socket. The stream carries no documents: a server poke
 * (or a reconnect) emits RESYNC and RxDB pulls from its checkpoint, so a client that was away for a
 * while can never skip changes.
 */
function replicate(db: HobbizDatabase, client: SyncClient, name: keyof HobbizDatabase['collections']) {
  return replicateRxCollection<unknown, SyncCheckpoint>({
    collection: db.collections[name],
    replicationIdentifier: `hobbiz-sync-${name}`,
    live: true,
    retryTime: 5000,
    waitForLeadership: false,
    pull: {
      batchSize: SYNC_LIMITS.defaultBatchSize,
      handler: (checkpoint, batchSize) =>
        client.request<PullResult<never>>({
          type: 'pull',
          collection: name,
          checkpoint: checkpoint ?? null,
          batchSize,
        }) as never,
      stream$: client.resync$.pipe(
        filter((c) => c === 'all' || c.includes(name)),
        map(() => 'RESYNC' as const),
      ),
    },
  });
}

export function startReplication(
  db: HobbizDatabase,
  client: SyncClient,
): RxReplicationState<unknown, SyncCheckpoint>[] {
  return [replicate(db, client, 'announcements')];
}
