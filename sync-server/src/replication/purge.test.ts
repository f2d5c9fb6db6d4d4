import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerEstablished, sqlGet, sqlRun } from '../test-helper.ts';
import { TOMBSTONE_HORIZON_DAYS } from './purge.ts';
import { connectedClient } from './test-client.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
  // Start-up already recorded a purge candidate; restart the clock for the test.
  await sqlRun(app, sql`DELETE FROM counters WHERE name LIKE 'purge%'`);
});
afterEach(async () => {
  await app.cleanup();
});

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

const rowCount = async (table: 'announcements' | 'reviews', id: string) =>
  (await sqlGet<{ n: number }>(
    app,
    sql`SELECT COUNT(*) AS n FROM ${sql.identifier(table)} WHERE id = ${id}`,
  ))!.n;
const seqOf = async (table: 'announcements' | 'reviews', id: string) =>
  (await sqlGet<{ seq: number }>(app, sql`SELECT seq FROM ${sql.identifier(table)} WHERE id = ${id}`))!.seq;
const as = (who: Who, method: 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

describe('tombstone purge horizon', () => {
  it('keeps tombstones younger than the horizon, then purges them; a device still holding one gets `gone`', async () => {
    const owner = await registerEstablished(app);
    const [a, b, c] = (await Promise.all([1, 2, 3].map(() => insertAnnouncement(app, owner.userId)))) as [
      string,
      string,
      string,
    ];
    const oldSeqB = await seqOf('announcements', b);
    const held = async () => ({
      announcements: await Promise.all(
        [a, b, c].map(
          async (id): Promise<[string, number]> => [
            id,
            id === b ? oldSeqB : await seqOf('announcements', id),
          ],
        ),
      ),
    });
    expect((await as(owner, 'DELETE', `/api/users/my-announcements/${b}`)).statusCode).toBe(200);
    const tombSeq = await seqOf('announcements', b);

    expect(await app.housekeeping.purgeTombstones(T0)).toEqual({ purged: 0, purgedSeq: 0 });
    // A device 30 days away still catches up normally: the blanked tombstone is there.
    expect((await app.housekeeping.purgeTombstones(T0 + 30 * DAY)).purged).toBe(0);
    const device = await connectedClient(app, null);
    expect(await device.hold(await held(), { replace: true })).toEqual({
      announcements: [{ doc: expect.objectContaining({ id: b, _deleted: true, title: '' }), seq: tombSeq }],
    });

    // Past the horizon the tombstone is removed for good.
    const out = await app.housekeeping.purgeTombstones(T0 + TOMBSTONE_HORIZON_DAYS * DAY);
    expect(out.purged).toBe(1);
    expect(await rowCount('announcements', b)).toBe(0);
    expect(await rowCount('announcements', a)).toBe(1);

    // A device still holding it — at the seq it had, or at the tombstone's — is told it is gone.
    for (const seq of [oldSeqB, tombSeq]) {
      const again = await connectedClient(app, null);
      const keys = await held();
      keys.announcements[1]![1] = seq;
      expect(await again.hold(keys, { replace: true })).toEqual({
        announcements: [{ doc: { id: b, _deleted: true }, seq: 0 }],
      });
    }
    // One that dropped it owes nothing.
    const dropped = await connectedClient(app, null);
    expect(
      await dropped.hold({
        announcements: [
          [a, await seqOf('announcements', a)],
          [c, await seqOf('announcements', c)],
        ],
      }),
    ).toEqual({});
  });

  it('reviews: a device whose seq for a person predates the purge gets their full list with reviewsReset', async () => {
    const [seller, buyer, other] = [
      await registerEstablished(app),
      await registerEstablished(app),
      await registerEstablished(app),
    ];
    const review = async (author: Who, comment: string) => {
      const res = await as(author, 'POST', '/api/reviews', { user: seller.userId, score: 5, comment });
      expect(res.statusCode, res.body).toBe(201);
      return res.json()._id as string;
    };
    const gone = await review(buyer, 'Va fi ștearsă');
    const kept = await review(other, 'Rămâne');
    // The device had both reviews about the seller.
    const oldSeq = await seqOf('reviews', kept);

    expect((await as(buyer, 'DELETE', `/api/reviews/${gone}`)).statusCode).toBe(200);
    expect((await app.housekeeping.purgeTombstones(T0)).purged).toBe(0);
    // 30 days away: the tombstone, no reset.
    const away = await connectedClient(app, null);
    const caughtUp = await away.hold({ reviews: [[seller.userId, oldSeq]] });
    expect(caughtUp).toEqual({
      upTo: expect.any(Number),
      reviews: [
        {
          doc: expect.objectContaining({ id: gone, _deleted: true, comment: '' }),
          seq: await seqOf('reviews', gone),
        },
      ],
    });

    const { purged, purgedSeq } = await app.housekeeping.purgeTombstones(T0 + TOMBSTONE_HORIZON_DAYS * DAY);
    expect(purged).toBe(1);
    expect(await rowCount('reviews', gone)).toBe(0);

    // Older than the purge: every live review about the seller, flagged so the device drops the rest.
    const stale = await connectedClient(app, null);
    const reset = await stale.hold({ reviews: [[seller.userId, oldSeq]] });
    expect(reset).toEqual({
      upTo: expect.any(Number),
      reviews: [
        { doc: expect.objectContaining({ id: kept, _deleted: false, comment: 'Rămâne' }), seq: oldSeq },
      ],
      reviewsReset: [seller.userId],
    });
    // Past the purge point: as usual, nothing owed. A fresh device (seq 0) gets the list, no flag needed.
    const current = await connectedClient(app, null);
    expect(await current.hold({ reviews: [[seller.userId, purgedSeq]] })).toEqual({
      upTo: expect.any(Number),
    });
    const fresh = await connectedClient(app, null);
    expect(await fresh.hold({ reviews: [[seller.userId, 0]] })).toEqual({
      upTo: expect.any(Number),
      reviews: [{ doc: expect.objectContaining({ id: kept }), seq: oldSeq }],
    });
  });
});
