/**
 * RxDB's own replication base test suite (rxdb/plugins/test-utils), run against our server: the real sync
 * socket route, the real push engine (applyPush) and pull paging, on a temp SQLite file. The suite needs a
 * generic collection, so a 'humans' collection is served here with the same building blocks as ours.
 * Attachment parts of the suite are not run: Hobbiz never replicates attachments (images are uploads).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import websocket from '@fastify/websocket';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { addRxPlugin } from 'rxdb';
import { disableWarnings, RxDBDevModePlugin } from 'rxdb/plugins/dev-mode';
import { replicateRxCollection } from 'rxdb/plugins/replication';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { wrappedValidateAjvStorage } from 'rxdb/plugins/validate-ajv';
import { Subject } from 'rxjs';
import { afterAll, beforeAll, describe, it } from 'vitest';
import WebSocket from 'ws';
import { type PushRow, SYNC_PATH, SYNC_PROTOCOL_VERSION, type WithDeleted } from '../../../schema/sync.ts';
import { rawAll, rawGet, rawRun } from '../lib/sql.ts';
import type { PulledCollection, UnitOfWork } from '../lib/unit-of-work.ts';
import { closeDatabase, openDatabase, type SqliteDb, sqliteUnitOfWork } from '../plugins/db.ts';
import { announcementsRepository } from '../repositories/announcements.ts';
import { countersRepository } from '../repositories/counters.ts';
import { reviewsRepository } from '../repositories/reviews.ts';
import { usersRepository } from '../repositories/users.ts';
import { RealtimeHub } from './hub.ts';
import { applyPush, type PushAdapter } from './push.ts';
import { syncSocketRoutes } from './socket.ts';
import { type CollectionHandler, clampBatch, page } from './types.ts';

// The suite is written for mocha's globals, and its collections need dev-mode (ignoreDuplicate). Dev-mode
// is fine in Node tests; it is never shipped nor used in the browser (see docs/ARCHITECTURE.md).
disableWarnings();
addRxPlugin(RxDBDevModePlugin);
Object.assign(globalThis, { describe, it });
const { runReplicationBaseTestSuite, setConfig } = await import('rxdb/plugins/test-utils');
setConfig({
  storage: {
    name: 'memory',
    getStorage: () => wrappedValidateAjvStorage({ storage: getRxStorageMemory() }),
    getPerformanceStorage: () => ({ storage: getRxStorageMemory(), description: 'memory' }),
    hasPersistence: false,
    hasMultiInstance: false,
    hasAttachments: false,
    hasReplication: true,
  },
} as never);

type Human = { id: string; firstName: string; lastName: string; age: number };
type HumanRow = Human & { deleted: number; seq: number };
type ClientHuman = { passportId: string; firstName: string; lastName: string; age: number };

const TOKEN = 'suite-token';
const USER = 'a'.repeat(24);
let dir: string;
let db: SqliteDb;
let app: FastifyInstance;
let url: string;

function humansCollection(hub: RealtimeHub): CollectionHandler {
  const uow: UnitOfWork = sqliteUnitOfWork(db, hub);
  const docOf = (r: HumanRow): WithDeleted<Human> => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    age: r.age,
    _deleted: r.deleted === 1,
  });
  const get = (id: string) =>
    rawGet<HumanRow>(
      db,
      sql`SELECT id, first_name AS "firstName", last_name AS "lastName", age, deleted, seq FROM humans WHERE id = ${id}`,
    );
  const adapter: PushAdapter<Human> = {
    current: async (_ctx, id) => {
      const row = await get(id);
      return row ? docOf(row) : null;
    },
    prepare: (_ctx, w) =>
      typeof w.firstName === 'string' && typeof w.lastName === 'string' && Number.isInteger(w.age)
        ? {
            ok: true,
            doc: { id: w.id, firstName: w.firstName, lastName: w.lastName, age: w.age, _deleted: w._deleted },
          }
        : { ok: false, error: 'Date invalide.' },
    // The suite's own tiny "service": its write joins the batch's unit of work.
    write: (_ctx, d) =>
      uow.write(async (tx) => {
        await rawRun(
          db,
          sql`INSERT INTO humans (id, first_name, last_name, age, deleted, seq)
              VALUES (${d.id}, ${d.firstName}, ${d.lastName}, ${d.age}, ${d._deleted ? 1 : 0}, ${tx.seq()})
              ON CONFLICT(id) DO UPDATE SET first_name = excluded.first_name, last_name = excluded.last_name,
              age = excluded.age, deleted = excluded.deleted, seq = excluded.seq`,
        );
        // A collection of this test only: not one of the product's names the type knows.
        tx.poke(['humans' as PulledCollection]);
      }),
  };
  return {
    public: false,
    pull: async (_ctx, checkpoint, batchSize) => {
      const rows = await rawAll<HumanRow>(
        db,
        sql`SELECT id, first_name AS "firstName", last_name AS "lastName", age, deleted, seq FROM humans
            WHERE seq > ${checkpoint?.seq ?? 0} ORDER BY seq LIMIT ${clampBatch(batchSize)}`,
      );
      return page(rows, checkpoint, docOf);
    },
    push: (ctx, rows) => applyPush(uow, 'humans', adapter, ctx, rows as PushRow<Human>[]),
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'hobbiz-rxdb-suite-'));
  db = openDatabase(join(dir, 'suite.sqlite'));
  db.$client.exec(
    'CREATE TABLE humans (id TEXT PRIMARY KEY, first_name TEXT NOT NULL, last_name TEXT NOT NULL, age INTEGER NOT NULL, deleted INTEGER NOT NULL DEFAULT 0, seq INTEGER NOT NULL)',
  );
  app = Fastify();
  const hub = new RealtimeHub();
  app.decorate('hub', hub);
  app.decorate('sessionsRepo', {
    session: (t: string) =>
      t === TOKEN ? { userId: USER, tokenHash: 'suite', expiresAt: Date.now() + 3_600_000 } : null,
    isLive: () => true,
  } as never);
  app.decorate('config', { socketAuthTimeoutMs: 5000 } as never);
  app.decorate('messaging', { typing: () => undefined } as never);
  await app.register(websocket);
  await app.register(syncSocketRoutes, {
    collections: { humans: humansCollection(hub) } as never,
    held: {
      counters: countersRepository(db),
      announcements: announcementsRepository(db),
      users: usersRepository(db),
      reviews: reviewsRepository(db),
    },
    search: async () => ({ error: 'nu' }),
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}${SYNC_PATH}`;
});
afterAll(async () => {
  await app?.close();
  if (db) closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

/** A minimal multiplexing client over one socket: request ids, answers matched by id, pokes as RESYNC. */
async function connect() {
  const ws = new WebSocket(url);
  const pending = new Map<string, (data: unknown) => void>();
  const pokes = new Subject<'RESYNC'>();
  let n = 0;
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => {
      ws.send(
        JSON.stringify({ type: 'hello', token: TOKEN, protocol: SYNC_PROTOCOL_VERSION, collections: {} }),
      );
    });
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw));
      if (msg.type === 'ready') resolve();
      else if (msg.type === 'result') pending.get(msg.id)?.(msg.data);
      else if (msg.type === 'poke') pokes.next('RESYNC');
      else if (msg.type === 'error') pending.get(msg.id)?.(Promise.reject(new Error(msg.message)));
    });
  });
  const request = <T>(msg: Record<string, unknown>) =>
    new Promise<T>((resolve) => {
      const id = String(++n);
      pending.set(id, (d) => {
        pending.delete(id);
        resolve(d as T);
      });
      ws.send(JSON.stringify({ ...msg, id }));
    });
  return { ws, pokes, request };
}

const toServer = ({ passportId, ...rest }: WithDeleted<ClientHuman>) => ({ id: passportId, ...rest });
const toClient = ({ id, ...rest }: WithDeleted<Human>) => ({ passportId: id, ...rest });

async function start(collection: { database: { name: string } }, live: boolean) {
  const c = await connect();
  const state = replicateRxCollection<ClientHuman, { seq: number }>({
    collection: collection as never,
    // Stable per local database, as in the app: RxDB keeps the assumed master state under it.
    replicationIdentifier: `suite-${collection.database.name}`,
    live,
    retryTime: 100,
    waitForLeadership: false,
    pull: {
      batchSize: 10,
      handler: async (checkpoint, batchSize) => {
        const r = await c.request<{ documents: WithDeleted<Human>[]; checkpoint: { seq: number } | null }>({
          type: 'pull',
          collection: 'humans',
          checkpoint: checkpoint ?? null,
          batchSize,
        });
        return { documents: r.documents.map(toClient), checkpoint: r.checkpoint } as never;
      },
      stream$: c.pokes.asObservable() as never,
    },
    push: {
      batchSize: 10,
      handler: async (rows) => {
        const conflicts = await c.request<WithDeleted<Human>[]>({
          type: 'push',
          collection: 'humans',
          rows: rows.map((r) => ({
            newDocumentState: toServer(r.newDocumentState as never),
            assumedMasterState: r.assumedMasterState ? toServer(r.assumedMasterState as never) : undefined,
          })),
        });
        return conflicts.map(toClient) as never;
      },
    },
  });
  state.canceled$.subscribe((done) => done && c.ws.close());
  return state;
}

describe('RxDB replication base test suite against the Hobbiz sync server', () => {
  runReplicationBaseTestSuite({
    startReplication: (collection: { database: { name: string } }) => start(collection, true),
    syncOnce: async (collection: { database: { name: string } }) => {
      const state = await start(collection, false);
      await state.awaitInitialReplication();
      await state.cancel();
    },
    getAllServerDocs: () => rawAll<HumanRow>(db, sql`SELECT * FROM humans`),
    cleanUpServer: async () => {
      db.$client.exec('DELETE FROM humans');
    },
    softDeletes: true,
    isDeleted: (d: HumanRow) => d.deleted === 1,
    getPrimaryOfServerDoc: (d: HumanRow) => d.id,
  } as never);
});
