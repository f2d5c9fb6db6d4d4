import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type SqliteDb, sqliteUnitOfWork } from '../plugins/db.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** The unit of work on a real temp SQLite file, with a hub that records what it is told. */
let dir: string;
let db: SqliteDb;
let uow: UnitOfWork;
let sent: string[];
let effectErrors: unknown[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hobbiz-uow-'));
  db = openDatabase(join(dir, 'uow.sqlite'));
  db.$client.exec('CREATE TABLE notes (id TEXT PRIMARY KEY, seq INTEGER NOT NULL)');
  sent = [];
  effectErrors = [];
  const sink = {
    poke: (collections: string[], userIds?: Iterable<string>) =>
      sent.push(`poke ${collections.join(',')}${userIds ? ` → ${[...userIds].join(',')}` : ''}`),
    emit: (name: string, _payload: unknown, userIds?: Iterable<string>) =>
      sent.push(`emit ${name}${userIds ? ` → ${[...userIds].join(',')}` : ''}`),
  };
  uow = sqliteUnitOfWork(db, sink, (err) => effectErrors.push(err));
});
afterEach(() => {
  closeDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const insert = (id: string, seq: number) =>
  db.$client.prepare('INSERT INTO notes (id, seq) VALUES (?, ?)').run(id, seq);
const notes = () =>
  db.$client.prepare('SELECT id, seq FROM notes ORDER BY seq').all() as { id: string; seq: number }[];

describe('unit of work', () => {
  it('publishes effects only after the commit, with the rows already readable', async () => {
    const seenAtPublish: number[] = [];
    await uow.write(async (tx) => {
      insert('a', tx.seq());
      tx.poke(['drafts'], ['u1']);
      tx.effect(() => seenAtPublish.push(notes().length));
      expect(sent).toEqual([]);
    });
    expect(sent).toEqual(['poke drafts → u1']);
    expect(seenAtPublish).toEqual([1]);
  });

  it('publishes nothing and keeps nothing when the write throws', async () => {
    await expect(
      uow.write(async (tx) => {
        insert('a', tx.seq());
        tx.poke(['drafts']);
        tx.emit('noteCreated', {});
        tx.effect(() => sent.push('effect'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(notes()).toEqual([]);
    expect(sent).toEqual([]);
    // The next unit starts clean: nothing of the failed one leaks into it.
    await uow.write(async (tx) => tx.poke(['favorites']));
    expect(sent).toEqual(['poke favorites']);
  });

  it('a nested write joins the outer unit: its effects wait for the outer commit', async () => {
    await uow.write(async (outer) => {
      insert('a', outer.seq());
      await uow.write(async (inner) => {
        insert('b', inner.seq());
        inner.emit('inner', {});
      });
      expect(sent).toEqual([]);
      outer.emit('outer', {});
    });
    expect(notes().map((n) => n.id)).toEqual(['a', 'b']);
    expect(sent).toEqual(['emit inner', 'emit outer']);
  });

  it('an outer rollback takes the nested write and its effects with it', async () => {
    await expect(
      uow.write(async (tx) => {
        await uow.write(async (inner) => {
          insert('b', inner.seq());
          inner.poke(['drafts']);
        });
        insert('a', tx.seq());
        throw new Error('later failure');
      }),
    ).rejects.toThrow('later failure');
    expect(notes()).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('a nested write that throws is undone alone when the outer one goes on', async () => {
    await uow.write(async (tx) => {
      insert('a', tx.seq());
      try {
        await uow.write(async (inner) => {
          insert('b', inner.seq());
          inner.emit('fromFailed', {});
          throw new Error('inner refused');
        });
      } catch {
        // The outer write decides to carry on without it.
      }
      tx.emit('kept', {});
    });
    expect(notes().map((n) => n.id)).toEqual(['a']);
    expect(sent).toEqual(['emit kept']);
  });

  it('hands out strictly increasing seqs within one write and across writes', async () => {
    const first = await uow.write(async (tx) => [tx.seq(), tx.seq(), tx.seq()]);
    const second = await uow.write(async (tx) => [tx.seq(), tx.seq()]);
    const all = [...first, ...second];
    for (let i = 1; i < all.length; i++) expect(all[i]!).toBeGreaterThan(all[i - 1]!);
    // A rolled-back write's numbers are not reused either way: the next one is still larger.
    await expect(
      uow.write(async (tx) => {
        tx.seq();
        throw new Error('no');
      }),
    ).rejects.toThrow();
    const after = await uow.write(async (tx) => tx.seq());
    expect(after).toBeGreaterThan(all.at(-1)!);
    expect(db.$client.prepare("SELECT value FROM counters WHERE name = 'seq'").pluck().get()).toBe(after);
  });

  it('merges pokes per collection (one per audience) and runs a keyed effect once', async () => {
    let runs = 0;
    await uow.write(async (tx) => {
      for (let i = 0; i < 5; i++) {
        tx.poke(['messages', 'conversations'], ['u1', 'u2']);
        tx.effect(() => runs++, 'favoritesUpdated:u1');
      }
      tx.poke(['messages'], ['u3']);
      tx.poke(['favorites']);
      tx.poke(['favorites'], ['u1']);
      // Public rows: to the held feed of every instance, on the bus as a poke of their kinds.
      tx.publicChanged(['announcements']);
      tx.publicChanged(['announcements', 'reviews']);
    });
    expect(sent).toEqual([
      'poke messages → u1,u2,u3',
      'poke conversations → u1,u2',
      'poke favorites,announcements,reviews',
    ]);
    expect(runs).toBe(1);
  });

  it('a failing effect is reported, does not undo the commit, and does not stop the others', async () => {
    const result = await uow.write(async (tx) => {
      insert('a', tx.seq());
      tx.effect(() => {
        throw new Error('socket gone');
      });
      tx.emit('still', {});
      tx.effect(() => sent.push('after'));
      return 'done';
    });
    expect(result).toBe('done');
    expect(notes().map((n) => n.id)).toEqual(['a']);
    expect(sent).toEqual(['emit still', 'after']);
    expect(effectErrors).toHaveLength(1);
  });

  describe('asynchronous writes (the shape both back-ends share)', () => {
    /** Rows as the read side sees them: the router outside a unit reads through the second connection. */
    const readSide = () => db.all<{ id: string }>(sql`SELECT id FROM notes ORDER BY seq`).map((r) => r.id);
    /** Inserts through the router, so inside a unit it lands in the unit's transaction. */
    const insertRouted = (id: string, seq: number) =>
      db.run(sql`INSERT INTO notes (id, seq) VALUES (${id}, ${seq})`);
    const tick = () => new Promise((r) => setTimeout(r, 5));

    it('a reader outside the unit sees nothing of it until the commit; effects come after', async () => {
      const seenDuring: string[][] = [];
      const done = uow.write(async (tx) => {
        insertRouted('a', tx.seq());
        tx.poke(['drafts']);
        await new Promise((r) => setTimeout(r, 40));
        seenDuring.push(readSide());
        return 'ok';
      });
      await tick();
      expect(readSide()).toEqual([]);
      expect(sent).toEqual([]);
      await expect(done).resolves.toBe('ok');
      // Inside the unit the router reads through the unit's own connection: it sees its own writes.
      expect(seenDuring).toEqual([['a']]);
      expect(readSide()).toEqual(['a']);
      expect(sent).toEqual(['poke drafts']);
    });

    it('two units run one after the other, in the order they asked, with increasing seqs', async () => {
      const order: string[] = [];
      const unit = (name: string) =>
        uow.write(async (tx) => {
          order.push(`${name} begins`);
          const s = tx.seq();
          insertRouted(name, s);
          await tick();
          order.push(`${name} ends`);
          return s;
        });
      const [a, b] = await Promise.all([unit('a'), unit('b')]);
      expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends']);
      expect(b).toBeGreaterThan(a);
      expect(readSide()).toEqual(['a', 'b']);
    });

    it('a rejected unit rolls back, publishes nothing and frees the writer', async () => {
      await expect(
        uow.write(async (tx) => {
          insertRouted('a', tx.seq());
          tx.emit('lost', {});
          await tick();
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(readSide()).toEqual([]);
      expect(sent).toEqual([]);
      await uow.write((tx) => insertRouted('b', tx.seq()));
      expect(readSide()).toEqual(['b']);
    });

    it('an awaited nested write that rejects is undone alone', async () => {
      await uow.write(async (tx) => {
        insertRouted('a', tx.seq());
        await uow
          .write(async (inner) => {
            insertRouted('b', inner.seq());
            inner.emit('fromFailed', {});
            await tick();
            throw new Error('inner refused');
          })
          .catch(() => undefined);
        tx.emit('kept', {});
      });
      expect(readSide()).toEqual(['a']);
      expect(sent).toEqual(['emit kept']);
    });
  });
});
