import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication';
import { filter, map } from 'rxjs';
import { type PullResult, SYNC_LIMITS, type SyncCheckpoint, type WithDeleted } from '../../../schema/sync.ts';
import { markPushed } from './pending-count.ts';
import type { SyncClient } from './sync-client.ts';
import { ConnectionLost } from './sync-requests.ts';
import type { CollectionKey, HobbizDatabase } from './types.ts';

type Name = CollectionKey;
type Request = Parameters<SyncClient['request']>[0];

/**
 * A request sent once the socket is up. One lost with its socket is sent again on the next socket (a
 * repeated push is the same write to the server, and RxDB would resend these very rows), so neither a
 * write made offline nor one cut off mid-flight waits for RxDB's retry: it goes with the first 'ready'.
 * The loop is paced by the socket's own back-off (a lost socket is never replaced at once). An error
 * answer from the server goes to RxDB, which retries it after retryTime.
 */
async function whenConnected<T>(client: SyncClient, msg: Request): Promise<T> {
  for (;;) {
    await client.whenOnline();
    try {
      return await client.request<T>(msg);
    } catch (err) {
      if (!(err instanceof ConnectionLost)) throw err;
    }
  }
}

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
    // A handler never fails for a lost connection: it waits for the socket (whenConnected). retryTime
    // only paces an error answer of the server (e.g. rate-limited): RxDB sleeps that long, and neither a
    // RESYNC nor reSync() cuts that sleep short (it is a plain timer inside its push/pull loop).
    retryTime: 2000,
    waitForLeadership: false,
    pull: {
      batchSize: SYNC_LIMITS.defaultBatchSize,
      handler: async (checkpoint, batchSize) => {
        const result = await whenConnected<PullResult<{ id: string }>>(client, {
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
        const conflicts = await whenConnected<WithDeleted<unknown>[]>(client, {
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
