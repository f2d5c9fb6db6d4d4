import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nextSeq } from '../plugins/db.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { purgeTombstones, TOMBSTONE_HORIZON_DAYS } from './purge.ts';
import { client } from './test-client.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

function tombstone(id: string): void {
  app.db.$client
    .prepare('UPDATE announcements SET deleted = 1, seq = ? WHERE id = ?')
    .run(nextSeq(app.db), id);
}
const rowCount = (id: string) =>
  (app.db.$client.prepare('SELECT COUNT(*) AS n FROM announcements WHERE id = ?').get(id) as { n: number }).n;

describe('tombstone purge horizon', () => {
  it('keeps tombstones younger than the horizon, then purges them and sends stale clients a fresh pass', async () => {
    const { userId } = await registerAndLogin(app);
    const [a, b, c] = [1, 2, 3].map(() => insertAnnouncement(app, userId));
    const ws = client(await app.injectWS('/api/sync'));
    ws.hello(null);
    await ws.next();
    const old = (await ws.pull(null, 100)).checkpoint;

    // Start-up already recorded a candidate; restart the clock for the test.
    app.db.$client.prepare("DELETE FROM counters WHERE name LIKE 'purge%'").run();
    tombstone(b!);
    expect(purgeTombstones(app.db, T0)).toEqual({ purged: 0, purgedSeq: 0 });
    // A device 30 days away still catches up normally: the tombstone is there.
    expect(purgeTombstones(app.db, T0 + 30 * DAY).purged).toBe(0);
    const caughtUp = await ws.pull(old, 100);
    expect(caughtUp.reset).toBeUndefined();
    expect(caughtUp.documents).toEqual([expect.objectContaining({ id: b, _deleted: true })]);

    // Past the horizon the tombstone is removed for good.
    const out = purgeTombstones(app.db, T0 + TOMBSTONE_HORIZON_DAYS * DAY);
    expect(out.purged).toBe(1);
    expect(rowCount(b!)).toBe(0);
    expect(rowCount(a!)).toBe(1);

    // A client whose checkpoint predates the purge restarts from scratch, flagged, without the purged row.
    const stale = await ws.pull(old, 100);
    expect(stale.reset).toBe(true);
    expect(stale.documents.map((d) => d.id)).toEqual([a, c]);
    // A client past the purge point pulls as usual.
    const fresh = await ws.pull(caughtUp.checkpoint, 100);
    expect(fresh).toEqual({ documents: [], checkpoint: caughtUp.checkpoint });
  });
});
