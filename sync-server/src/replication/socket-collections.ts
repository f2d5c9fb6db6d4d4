import type { FastifyBaseLogger } from 'fastify';
import { SIGN_IN_REQUIRED } from '../../../schema/rules/common.ts';
import { writeLimitMessage } from '../../../schema/rules/write-limits.ts';
import {
  type CollectionName,
  type ServerMessage,
  type SyncWriteLimited,
  WRITE_LIMITED_EVENT,
} from '../../../schema/sync.ts';
import type { ParsedClientMessage } from '../../../schema/sync-messages.ts';
import type { CollectionHandler, WriteBudget } from './types.ts';

type Pull = Extract<ParsedClientMessage, { type: 'pull' }>;
type Push = Extract<ParsedClientMessage, { type: 'push' }>;
export type Refusal = { code: 'unknown-collection' | 'forbidden'; message: string };

/**
 * One socket's `pull` and `push` requests: who may ask for which collection, and the answer of its
 * handler (socket.ts reads the messages and keeps the session; this only serves the collections).
 */
export function collectionRequests(opts: {
  collections: Partial<Record<CollectionName, CollectionHandler>>;
  log: FastifyBaseLogger;
  send: (msg: ServerMessage) => void;
}) {
  const { collections, log, send } = opts;

  /** A handler that threw: logged, and the device is told to try again later. */
  const failed = (id: string, collection: string, request: 'pull' | 'push', err: unknown) => {
    log.error({ err, collection }, `${request} failed`);
    send({ type: 'error', id, code: 'bad-request', message: 'Eroare la sincronizare.' });
  };

  /**
   * Who may pull or push a collection (checked before a request's shape, as it always was): an unknown
   * collection, a read-only one, a guest asking for a private one. null: allowed.
   */
  /**
   * The handler of a collection named by the client: own properties only ('__proto__', 'toString' and
   * 'constructor' are unknown collections, not Object.prototype's members).
   */
  const handlerOf = (name: unknown): CollectionHandler | undefined =>
    Object.hasOwn(collections, String(name)) ? collections[String(name) as CollectionName] : undefined;

  function guard(type: string, collection: unknown, userId: string | null): Refusal | null {
    if (type !== 'pull' && type !== 'push') return null;
    const handler = handlerOf(collection);
    if (type === 'pull') {
      if (!handler) return { code: 'unknown-collection', message: String(collection) };
      return !handler.public && !userId ? { code: 'forbidden', message: SIGN_IN_REQUIRED } : null;
    }
    if (!handler?.push) return { code: 'forbidden', message: 'Colecție doar pentru citire.' };
    return userId ? null : { code: 'forbidden', message: SIGN_IN_REQUIRED };
  }

  async function pull(msg: Pull, userId: string | null): Promise<void> {
    const refused = guard('pull', msg.collection, userId);
    if (refused) return send({ type: 'error', id: msg.id, ...refused });
    const handler = handlerOf(msg.collection);
    if (!handler) return;
    try {
      const data = await handler.pull({ userId }, msg.checkpoint, msg.batchSize);
      send({ type: 'result', id: msg.id, data });
    } catch (err) {
      failed(msg.id, msg.collection, 'pull', err);
    }
  }

  async function push(msg: Push, userId: string | null, budget: WriteBudget | undefined): Promise<void> {
    const refused = guard('push', msg.collection, userId);
    if (refused) return send({ type: 'error', id: msg.id, ...refused });
    const handler = handlerOf(msg.collection);
    if (!handler?.push || !userId) return;
    try {
      const out = await handler.push({ userId, budget }, msg.rows);
      if (out.limited) {
        // Not a conflict (that would make the device take the server's copy and drop the write):
        // an error, so RxDB keeps the rows and retries the batch (2 s) until the window allows.
        // The rows already written are no-ops then; their refusals, if any, are told on that retry.
        const error = writeLimitMessage(out.limited.kind, out.limited.retryAfterSeconds);
        send({ type: 'error', id: msg.id, code: 'rate-limited', message: error });
        const payload: SyncWriteLimited = {
          collection: msg.collection,
          error,
          retryAfterSeconds: out.limited.retryAfterSeconds,
        };
        return send({ type: 'event', name: WRITE_LIMITED_EVENT, payload });
      }
      send({ type: 'result', id: msg.id, data: out.conflicts });
      // Refused rows come back as conflicts (the queue moves on); the reason goes to this device.
      for (const r of out.rejections) send({ type: 'event', name: 'syncRejected', payload: r });
    } catch (err) {
      failed(msg.id, msg.collection, 'push', err);
    }
  }

  return { guard, pull, push };
}
