import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_REQUIRED } from '../../../schema/rules/common.ts';
import type { ServerMessage } from '../../../schema/sync.ts';
import { collectionRequests } from './socket-collections.ts';
import type { CollectionHandler } from './types.ts';

/** The answers of one socket's pull and push requests, with collections that fail or limit on purpose. */
function setup(collections: Record<string, CollectionHandler>) {
  const sent: ServerMessage[] = [];
  const logged: string[] = [];
  const log = { error: (_obj: unknown, msg: string) => logged.push(msg) } as unknown as FastifyBaseLogger;
  const requests = collectionRequests({ collections, log, send: (m) => sent.push(m) });
  return { sent, logged, requests };
}
const broken: CollectionHandler = {
  public: true,
  pull: () => {
    throw new Error('disk on fire');
  },
  push: () => Promise.reject(new Error('disk on fire')),
};
const pull = { type: 'pull' as const, id: 'p1', collection: 'favorites', checkpoint: null, batchSize: 10 };
const push = { type: 'push' as const, id: 'p2', collection: 'favorites', rows: [] };

describe('collectionRequests', () => {
  it('answers a handler that throws with a Romanian error for that request, on pull and on push alike', async () => {
    const { sent, logged, requests } = setup({ favorites: broken });
    await requests.pull(pull, 'u1');
    await requests.push(push, 'u1', undefined);
    const failure = { type: 'error', code: 'bad-request', message: 'Eroare la sincronizare.' };
    expect(sent).toEqual([
      { ...failure, id: 'p1' },
      { ...failure, id: 'p2' },
    ]);
    expect(logged).toEqual(['pull failed', 'push failed']);
  });

  it('refuses unknown and read-only collections and guests before any handler runs', async () => {
    const readOnly: CollectionHandler = { public: false, pull: () => ({ documents: [], checkpoint: null }) };
    const { sent, requests } = setup({ favorites: broken, notifications: readOnly });
    await requests.pull({ ...pull, collection: 'nope' }, 'u1');
    await requests.pull({ ...pull, collection: 'notifications' }, null);
    await requests.push({ ...push, collection: 'notifications' }, 'u1', undefined);
    await requests.push(push, null, undefined);
    expect(sent.map((m) => (m.type === 'error' ? [m.code, m.message] : m.type))).toEqual([
      ['unknown-collection', 'nope'],
      ['forbidden', SIGN_IN_REQUIRED],
      ['forbidden', 'Colecție doar pentru citire.'],
      ['forbidden', SIGN_IN_REQUIRED],
    ]);
  });

  it('turns a spent write budget into an error and a writeLimited event, not a conflict', async () => {
    const limited: CollectionHandler = {
      public: false,
      pull: () => ({ documents: [], checkpoint: null }),
      push: () => ({ conflicts: [], rejections: [], limited: { kind: 'favorites', retryAfterSeconds: 42 } }),
    };
    const { sent, requests } = setup({ favorites: limited });
    await requests.push(push, 'u1', undefined);
    expect(sent[0]).toMatchObject({ type: 'error', id: 'p2', code: 'rate-limited' });
    expect(sent[1]).toMatchObject({
      type: 'event',
      payload: { collection: 'favorites', retryAfterSeconds: 42 },
    });
    expect(sent).toHaveLength(2);
  });
});
