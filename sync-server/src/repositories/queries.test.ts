import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements, users } from '../../../schema/db/tables.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { changedAfter, firstRow, live, mapById, matching } from './queries.ts';

/** The shared query shapes of the repositories, on a real database (SQLite here, PostgreSQL in test:pg). */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let owner: string;
let other: string;
let ids: string[];
let seqs: number[];
beforeAll(async () => {
  app = await buildTestApp();
  owner = (await registerAndLogin(app)).userId;
  other = (await registerAndLogin(app)).userId;
  ids = [
    await insertAnnouncement(app, owner),
    await insertAnnouncement(app, owner, { active: false }),
    await insertAnnouncement(app, other, { deleted: true }),
    await insertAnnouncement(app, other),
  ];
  const rows = await app.db.select().from(announcements).where(inArray(announcements.id, ids));
  seqs = ids.map((id) => rows.find((r) => r.id === id)!.seq);
}, 30_000);
afterAll(async () => {
  await app?.cleanup();
});

const idsOf = (rows: { id: string }[]) => rows.map((r) => r.id);

describe('repository query shapes', () => {
  it('changedAfter: rows after the checkpoint, up to a bound when given, in seq order, at most the limit', async () => {
    const { db } = app;
    expect(idsOf(await changedAfter(db, announcements, { afterSeq: seqs[0]!, limit: 10 }))).toEqual(
      ids.slice(1),
    );
    const bounded = await changedAfter(db, announcements, {
      afterSeq: seqs[0]!,
      upToSeq: seqs[2]!,
      limit: 10,
    });
    expect(idsOf(bounded)).toEqual(ids.slice(1, 3));
    expect(idsOf(await changedAfter(db, announcements, { afterSeq: 0, limit: 2 }))).toEqual(ids.slice(0, 2));
    const scoped = await changedAfter(db, announcements, {
      afterSeq: 0,
      limit: 10,
      scope: matching(announcements, { ownerId: other }),
    });
    expect(idsOf(scoped)).toEqual(ids.slice(2));
  });

  it('live and matching: tombstones left out, undefined values set no condition', async () => {
    const rows = (match: Parameters<typeof live<typeof announcements>>[1]) =>
      app.db
        .select()
        .from(announcements)
        .where(live(announcements, match))
        .then((r) => idsOf(r).sort());
    expect(await rows({ active: true, ownerId: undefined })).toEqual([ids[0]!, ids[3]!].sort());
    expect(await rows({ ownerId: owner })).toEqual(ids.slice(0, 2).sort());
    expect(await rows({ ownerId: other })).toEqual([ids[3]!]);
  });

  it('firstRow: the row a key names, undefined for none, and never "any row" without a condition', async () => {
    expect((await firstRow(app.db, users, matching(users, { id: owner })))?.id).toBe(owner);
    expect(await firstRow(app.db, users, matching(users, { id: 'nobody' }))).toBeUndefined();
    await expect(firstRow(app.db, users, matching(users, { id: undefined }))).rejects.toThrow('no condition');
  });

  it('mapById: reads each distinct id once, in parts, keyed by id', async () => {
    const parts: number[] = [];
    const asked = [owner, owner, ...Array.from({ length: 1200 }, (_, i) => `unknown-${i}`), other];
    const names = await mapById(
      asked,
      (part) => {
        parts.push(part.length);
        return app.db.select().from(users).where(inArray(users.id, part));
      },
      (u) => u.email,
    );
    expect(parts).toEqual([500, 500, 202]);
    expect([...names.keys()].sort()).toEqual([owner, other].sort());
  });
});
