import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, users } from '../../../schema/db/tables.ts';
import { parseSearchParams } from '../../../schema/search-params.ts';
import { searchColumns } from '../../../schema/text.ts';
import { closeDatabase, openDatabase } from '../plugins/db.ts';
import { announcementsRepository } from '../repositories/announcements.ts';
import { searchRepository } from '../repositories/search.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { type SearchReplica, startSearchReplica } from './search-replica.ts';

/**
 * PostgreSQL's catalogue copied into this instance's SQLite file for its search threads (issue 20): the
 * copy finds what PostgreSQL finds, follows edits, deletions and renamed sellers, never holds an address
 * or a password, and a search right after a write sees it. PostgreSQL only (`npm run test:pg`).
 */
const onPg = Boolean(process.env.DATABASE_URL);
type App = Awaited<ReturnType<typeof buildTestApp>>;
const silent = { warn: () => {}, info: () => {} };

const ids = async (file: string, q: string) => {
  const db = openDatabase(file);
  try {
    const parsed = parseSearchParams({ q });
    if (!parsed.ok) throw new Error(parsed.error);
    return (await searchRepository(db).search(parsed.params)).rows.map((r) => r.id);
  } finally {
    closeDatabase(db);
  }
};
const pgIds = async (app: App, q: string) => {
  const parsed = parseSearchParams({ q });
  if (!parsed.ok) throw new Error(parsed.error);
  return (await searchRepository(app.db).search(parsed.params)).rows.map((r) => r.id);
};

describe.skipIf(!onPg)('the search replica of a PostgreSQL catalogue', () => {
  let app: App;
  let owner: string;
  let replica: SearchReplica;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hobbiz-replica-'));
    file = join(dir, 'search-replica.sqlite');
    app = await buildTestApp();
    owner = (await registerAndLogin(app)).userId;
    await insertAnnouncement(app, owner, {
      title: 'Lecții de chitară acustică pentru începători',
      description: 'Acorduri, ritm și primele piese, o oră pe săptămână, la tine acasă sau online.',
    });
    await insertAnnouncement(app, owner, {
      title: 'Tort de ciocolată cu fructe de pădure',
      description: 'Blat pufos, cremă de ciocolată belgiană și fructe proaspete, pentru orice aniversare.',
    });
    replica = startSearchReplica({ pg: app.db, file, log: silent, intervalMs: 0 });
  });
  afterAll(async () => {
    await replica?.close();
    await app.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is not used before it caught up once; then finds what PostgreSQL finds', async () => {
    expect(replica.ready()).toBe(false);
    expect(await replica.fresh()).toBe(false);
    await replica.refresh();
    expect(replica.ready()).toBe(true);
    for (const q of ['lectie chitara', 'ciocolata', 'tort', 'piese'])
      expect(await ids(file, q)).toEqual(await pgIds(app, q));
    expect(await ids(file, 'chitara')).toHaveLength(1);
  });

  it('a search right after a write sees it; edits and deletions follow', async () => {
    const id = await insertAnnouncement(app, owner, {
      title: 'Reparații biciclete la domiciliu',
      description: 'Schimb camere, reglez frâne și schimbătoare, vin la tine cu atelierul mobil.',
    });
    expect(await replica.fresh()).toBe(true);
    expect(await ids(file, 'biciclete')).toEqual([id]);

    const title = 'Reparații trotinete la domiciliu';
    const description = 'Schimb camere, reglez frâne și schimbătoare, vin la tine cu atelierul mobil.';
    await app.uow.write(async (tx) => {
      await app.db
        .update(announcements)
        .set({ title, ...searchColumns(title, description), seq: tx.seq() })
        .where(eq(announcements.id, id));
    });
    expect(await replica.fresh()).toBe(true);
    expect(await ids(file, 'trotinete')).toEqual([id]);
    expect(await ids(file, 'biciclete')).toEqual([]);

    await app.uow.write(async (tx) => {
      await app.db
        .update(announcements)
        .set({ deleted: true, seq: tx.seq() })
        .where(eq(announcements.id, id));
    });
    expect(await replica.fresh()).toBe(true);
    expect(await ids(file, 'trotinete')).toEqual([]);
    expect(replica.seq()).toBeGreaterThan(0);
  });

  it('keeps seller cards current and never an address or a password', async () => {
    await app.uow.write(async (tx) => {
      await app.db.update(users).set({ firstName: 'Ioana', seq: tx.seq() }).where(eq(users.id, owner));
    });
    expect(await replica.fresh()).toBe(true);
    const db = openDatabase(file);
    try {
      const [row] = await db.select().from(announcements).where(eq(announcements.ownerId, owner)).limit(1);
      const [card] = await announcementsRepository(db).toApi([row!]);
      expect(card?.user).toMatchObject({ _id: owner, firstName: 'Ioana', lastName: 'Pop' });
    } finally {
      closeDatabase(db);
    }
    const raw = new Database(file, { readonly: true });
    try {
      const kept = raw.prepare('SELECT email, password_hash AS p FROM users').all() as {
        email: string;
        p: string;
      }[];
      expect(kept.length).toBeGreaterThan(0);
      for (const u of kept) {
        expect(u.email.endsWith('@replica.invalid')).toBe(true);
        expect(u.p).toBe('');
      }
    } finally {
      raw.close();
    }
  });

  it('takes the catalogue’s words into its own vocabulary (corrections on the threads)', async () => {
    await replica.refresh();
    const db = openDatabase(file);
    try {
      const words = (
        await db.all<{ word: string; shown: string }>(sql`SELECT word, shown FROM search_vocab`)
      ).map((w) => w.shown);
      expect(words).toEqual(expect.arrayContaining(['chitară', 'ciocolată']));
    } finally {
      closeDatabase(db);
    }
  });
});

describe.skipIf(!onPg)('searches of a PostgreSQL instance with search threads', () => {
  let app: App;
  let owner: string;
  beforeAll(async () => {
    app = await buildTestApp({ searchWorkers: 1, searchReplica: true, searchCache: 0 });
    owner = (await registerAndLogin(app)).userId;
    await insertAnnouncement(app, owner, {
      title: 'Prăjituri de casă la tavă',
      description: 'Cozonac, cornulețe și prăjituri cu nucă, coapte în ziua comenzii, livrare în oraș.',
    });
  });
  afterAll(async () => {
    await app.cleanup();
  });

  const search = async (q: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/announcements/search', query: { q } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: { _id: string; title: string }[] }).items.map((a) => a.title);
  };

  const copyTitles = () => {
    try {
      const copy = new Database(join(app.config.dataDir, 'search-replica.sqlite'), { readonly: true });
      try {
        return (copy.prepare('SELECT title FROM announcements').all() as { title: string }[]).map(
          (t) => t.title,
        );
      } finally {
        copy.close();
      }
    } catch {
      return []; // not made yet (the thread is starting)
    }
  };

  it('answer the same before and after the copy is ready, and a new announcement at once', async () => {
    expect(await search('prajitura')).toEqual(['Prăjituri de casă la tavă']);
    // The copy catches up on its thread (every 500 ms); the answers do not change when it does.
    for (let i = 0; i < 150 && !copyTitles().includes('Prăjituri de casă la tavă'); i++)
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1100)); // this side hears it is ready (asked every second)
    expect(await search('prajitura')).toEqual(['Prăjituri de casă la tavă']);
    await insertAnnouncement(app, owner, {
      title: 'Prăjitură cu mere și scorțișoară',
      description:
        'Aluat fraged, mere coapte și scorțișoară, tava întreagă sau la bucată, comandă cu o zi înainte.',
    });
    expect((await search('prajitura mere'))[0]).toBe('Prăjitură cu mere și scorțișoară');
    // The threads searched the copy: it holds the new row already, copied before that search ran.
    expect(copyTitles()).toContain('Prăjitură cu mere și scorțișoară');
  });
});
