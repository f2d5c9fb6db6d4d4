import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectedClient } from '../../replication/test-client.ts';
import { buildTestApp, registerEstablished, sqlAll } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let seller: Who;
let buyer: Who;
let other: Who;
beforeEach(async () => {
  app = await buildTestApp();
  seller = await registerEstablished(app);
  buyer = await registerEstablished(app);
  other = await registerEstablished(app);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
const review = async (author: Who, target: Who) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/reviews',
    headers: auth(author),
    payload: { user: target.userId, score: 4, comment: 'Bun' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { _id: string })._id;
};
const listed = async (who: Who) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/notifications/${who.userId}`,
    headers: auth(who),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { message: string }[];
};

describe('a deleted review takes its notification with it', () => {
  it('tombstones the review notification (REST list and every device), and only that one', async () => {
    const first = await review(buyer, seller);
    await review(other, seller);
    expect(await listed(seller)).toHaveLength(2);

    // A device of the seller that already pulled both notifications.
    const device = await connectedClient(app, seller.token);
    const pulled = await device.pull(null, 10, 'notifications');
    expect(pulled.documents.filter((d) => !d._deleted)).toHaveLength(2);

    const del = await app.inject({ method: 'DELETE', url: `/api/reviews/${first}`, headers: auth(buyer) });
    expect(del.statusCode).toBe(200);

    // The REST list keeps only the other author's notification.
    const left = await listed(seller);
    expect(left).toHaveLength(1);
    expect(left[0]!.message).toMatch(/ți-a lăsat o recenzie\.$/);
    const rows = await sqlAll<{ sender_id: string; deleted: number }>(
      app,
      sql`SELECT sender_id, deleted FROM notifications WHERE user_id = ${seller.userId} ORDER BY sender_id`,
    );
    expect(rows.find((r) => r.sender_id === buyer.userId)?.deleted).toBe(1);
    expect(rows.find((r) => r.sender_id === other.userId)?.deleted).toBe(0);

    // The device's next pull from its checkpoint gets the tombstone.
    const next = await device.pull(pulled.checkpoint, 10, 'notifications');
    expect(next.documents).toHaveLength(1);
    expect(next.documents[0]!._deleted).toBe(true);
  });

  it("a stranger's delete attempt changes nothing", async () => {
    const id = await review(buyer, seller);
    const del = await app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: auth(other) });
    expect(del.statusCode).toBe(404);
    expect(await listed(seller)).toHaveLength(1);
  });
});
