import type { FastifyInstance } from 'fastify';
import { addRxPlugin } from 'rxdb/plugins/core';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { RxDBUpdatePlugin } from 'rxdb/plugins/update';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket } from 'ws';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../../../sync-server/src/test-helper.ts';
import { openDatabase } from './database.ts';
import { startReplication } from './replication.ts';
import { SyncClient } from './sync-client.ts';
import type { HobbizDatabase } from './types.ts';
import { WorkingSet } from './working-set.ts';
import type { Budget } from './working-set-budget.ts';

addRxPlugin(RxDBUpdatePlugin);

/**
 * The device's working set against the real server over a real socket (Node stands in for the browser:
 * `ws` as WebSocket, an EventTarget as window, RxDB on memory storage). Issue 11: what is pinned is never
 * evicted, whatever the budget; held announcements follow their changes; what was evicted no longer does.
 */
let server: FastifyInstance & { cleanup(): Promise<void> };
let db: HobbizDatabase;
let client: SyncClient;
let ws: WorkingSet;
let seller: { token: string; userId: string };
let me: { token: string; userId: string };
const ids: { favorite: string[]; own: string; chat: string; pending: string; catalogue: string[] } = {
  favorite: [],
  own: '',
  chat: '',
  pending: '',
  catalogue: [],
};
const TINY: Budget = { announcements: 3, profiles: 2, reviews: 1, photoBytes: 1000 };

async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

beforeAll(async () => {
  server = await buildTestApp();
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  const g = globalThis as Record<string, unknown>;
  g.window ??= new EventTarget();
  g.location = new URL(address);
  g.WebSocket = NodeWebSocket;

  seller = await registerAndLogin(server);
  me = await registerAndLogin(server);
  for (let i = 0; i < 30; i++) {
    ids.catalogue.push(
      await insertAnnouncement(server, seller.userId, {
        title: `Tort de ciocolată numărul ${i + 1} pentru aniversări`,
        createdAt: new Date(Date.now() - i * 60_000).toISOString(),
      }),
    );
  }
  ids.favorite = ids.catalogue.slice(20, 22);
  ids.chat = ids.catalogue[25]!;
  ids.pending = ids.catalogue[27]!;
  ids.own = await insertAnnouncement(server, me.userId, { title: 'Ședință foto de familie în parc' });
  for (const id of ids.favorite) {
    const r = await server.inject({
      method: 'POST',
      url: `/api/favorites/${id}`,
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(r.statusCode).toBeLessThan(300);
  }
  const sent = await server.inject({
    method: 'POST',
    url: '/api/messages',
    headers: { authorization: `Bearer ${me.token}` },
    payload: { announcementId: ids.chat, destinatarId: seller.userId, text: 'Bună ziua, mai este valabil?' },
  });
  expect(sent.statusCode).toBeLessThan(300);

  db = await openDatabase(me.userId, undefined, getRxStorageMemory());
  // A copy left by protocol 1 (whole-catalogue replication): no key holds it.
  const legacy = (await (await fetch(`${address}/api/announcements/${ids.catalogue[10]}`)).json()) as {
    _id: string;
  } & Record<string, unknown>;
  const { _id, user: _u, seq: _s, ...body } = legacy;
  await db.announcements.insert({ ...body, id: _id } as never);
  client = new SyncClient(me.token);
  startReplication(db, client, true);
  ws = new WorkingSet(db, client, me.userId, { pendingIds: async () => [ids.pending] }, TINY);
  await until(async () => client.status$.value === 'online');
});

afterAll(async () => {
  ws?.stop();
  client?.close();
  await db?.close();
  await server?.cleanup();
});

const held = async () => new Set((await db.announcements.find().exec()).map((d) => d.id));

describe('working set', () => {
  it('holds the pinned announcements on its own: favourites, own, conversation', async () => {
    await until(async () => {
      const h = await held();
      return [...ids.favorite, ids.own, ids.chat].every((id) => h.has(id));
    });
  });

  it('drops copies no key holds (a phone upgraded from whole-catalogue replication)', async () => {
    await until(async () => !(await held()).has(ids.catalogue[10]!));
  });

  it('keeps what a search showed, up to the budget, and never evicts what is pinned', async () => {
    const page = await ws.query({ q: 'tort ciocolata', limit: 24 });
    expect(page.items).toHaveLength(24);
    await ws.hold('announcements', [ids.pending]);
    const more = await ws.query({ q: 'tort ciocolata', limit: 24, cursor: page.nextCursor });
    expect(more.items.length).toBeGreaterThan(0);
    const h = await held();
    for (const id of [...ids.favorite, ids.own, ids.chat, ids.pending]) expect(h.has(id)).toBe(true);
    const pinned = new Set([...ids.favorite, ids.own, ids.chat, ids.pending]);
    const free = [...h].filter((id) => !pinned.has(id));
    expect(free.length).toBeLessThanOrEqual(TINY.announcements);
    // The most recently shown stay: the last page's last results.
    expect(h.has(more.items.at(-1)!.doc.id)).toBe(true);
    expect(await db.held.count({ selector: { kind: 'announcements' } }).exec()).toBe(h.size);
  });

  it('follows a held announcement as it changes, and no longer an evicted one', async () => {
    const h = await held();
    const kept = ids.favorite[0]!;
    const evicted = ids.catalogue.find((id) => !h.has(id))!;
    for (const id of [kept, evicted]) {
      await server.uow.write((tx) => server.announcementsRepo.update(id, { price: 777, seq: tx.seq() }));
    }
    server.hub.poke(['announcements']);
    await until(async () => (await db.announcements.findOne(kept).exec())?.price === 777, 2000);
    expect(await db.announcements.findOne(evicted).exec()).toBeNull();
  });

  it('drops an announcement its owner deactivates, but keeps the key while it is a favourite', async () => {
    const id = ids.favorite[1]!;
    const r = await server.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${id}/active`,
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { active: false },
    });
    expect(r.statusCode).toBe(200);
    await until(async () => (await db.announcements.findOne(id).exec()) === null, 2000);
    expect(await db.held.findOne(`announcements:${id}`).exec()).not.toBeNull();
    // Back on: the favourite comes back on its own.
    await server.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${id}/active`,
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { active: true },
    });
    await until(async () => (await db.announcements.findOne(id).exec()) !== null, 2000);
  });
});
