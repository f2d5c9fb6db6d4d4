import { isDeepStrictEqual } from 'node:util';
import type { WriteKind } from '../../../schema/constants.ts';
import type { PushRow, SyncRejection, WithDeleted } from '../../../schema/sync.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { ReplicationContext } from './types.ts';

type Awaitable<T> = T | Promise<T>;

export type Prepared<T> = { ok: true; doc: WithDeleted<T> } | { ok: false; error: string };

/** What a writable collection tells the push engine; SQL and rules stay in the collection's module. */
export type PushAdapter<T extends { id: string }> = {
  /** The server's copy as this caller sees it, or null when there is none. */
  current(ctx: ReplicationContext, id: string): Awaitable<WithDeleted<T> | null>;
  /**
   * Authorises and validates a wanted state, rewriting server-owned fields. Refusals carry a Romanian
   * message; they come back to the client as a conflict with the server's copy, never as an exception.
   */
  prepare(
    ctx: ReplicationContext,
    wanted: WithDeleted<T>,
    current: WithDeleted<T> | null,
  ): Awaitable<Prepared<T>>;
  /**
   * Writes one row by calling its service, inside the batch's unit of work: the service's own write joins
   * it, so its seqs, derived data and real-time effects belong to the batch (effects go after the commit).
   */
  write(ctx: ReplicationContext, doc: WithDeleted<T>, current: WithDeleted<T> | null): Awaitable<void>;
  /**
   * The write limit a change of this row spends (WRITE_LIMITS), the same kind as its REST route. Every
   * collection clients write to has one (the house rule: every write is limited).
   */
  limit?(wanted: WithDeleted<T>, current: WithDeleted<T> | null): WriteKind;
};

/** Only the document body takes part in comparisons: RxDB's own fields (_meta, _rev…) are not ours. */
export function body<T>(doc: WithDeleted<T>): WithDeleted<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(doc as Record<string, unknown>)) {
    if (k === '_deleted' || !k.startsWith('_')) out[k] = v;
  }
  out._deleted = !!(doc as { _deleted?: boolean })._deleted;
  return out as WithDeleted<T>;
}

export type PushOutcome<T> = {
  conflicts: WithDeleted<T>[];
  rejections: SyncRejection[];
  /** The caller's write budget ran out at a row: it and the rows after it were not looked at. */
  limited?: { kind: WriteKind; retryAfterSeconds: number };
};

/**
 * The push rules of docs/ARCHITECTURE.md, one unit of work (one transaction) per batch:
 * same as the server's copy → ok (an idempotent retry); no copy (or a tombstone) and no assumed state → insert;
 * copy equal to the assumed state → write with a new seq; anything else → conflict with the server's copy.
 *
 * Write limits: every row that would change something spends one write of its kind (valid or not, as a
 * REST request does); idempotent retries and conflicts spend nothing. When the budget runs out, the rows
 * before are committed and the outcome says `limited`: the socket answers the whole push with an error,
 * the device retries the batch later, and the rows already written come back as no-ops (or conflicts
 * with the server's copy), so nothing is written twice and nothing is lost.
 */
export async function applyPush<T extends { id: string }>(
  uow: UnitOfWork,
  collection: string,
  adapter: PushAdapter<T>,
  ctx: ReplicationContext,
  rows: PushRow<T>[],
): Promise<PushOutcome<T>> {
  const conflicts: WithDeleted<T>[] = [];
  const rejections: SyncRejection[] = [];
  let limited: PushOutcome<T>['limited'];
  await uow.write(async () => {
    for (const row of rows) {
      const wanted = body(row.newDocumentState);
      const assumed = row.assumedMasterState ? body(row.assumedMasterState) : null;
      const current = await adapter.current(ctx, wanted.id);
      if (current && isDeepStrictEqual(current, wanted)) continue;
      // A tombstone counts as "no row": re-adding what was removed elsewhere is an insert, not a conflict.
      const absent = !current || current._deleted;
      const basedOnServer = absent
        ? !assumed || assumed._deleted || isDeepStrictEqual(current, assumed)
        : !!assumed && isDeepStrictEqual(current, assumed);
      if (!basedOnServer) {
        // The client edited a state that is not the server's: it must resolve against the real one.
        conflicts.push(current ?? { ...wanted, _deleted: true });
        continue;
      }
      const kind = ctx.budget && adapter.limit?.(wanted, current);
      if (kind) {
        const wait = await ctx.budget!(kind);
        if (wait !== null) {
          limited = { kind, retryAfterSeconds: wait };
          break;
        }
      }
      const prepared = await adapter.prepare(ctx, wanted, current);
      if (!prepared.ok) {
        conflicts.push(current ?? { ...wanted, _deleted: true });
        rejections.push({ collection, id: wanted.id, error: prepared.error });
        continue;
      }
      await adapter.write(ctx, prepared.doc, current);
    }
  });
  return limited ? { conflicts, rejections, limited } : { conflicts, rejections };
}
