import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.ts';
import { buildTestApp, insertAnnouncement, registerEstablished, sqlAll } from '../test-helper.ts';

/** What deleting an account leaves in every table it touches: tombstones with their own seq, blanked. */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let me: Who;
let other: Who;
beforeEach(async () => {
  app = await buildTestApp();
  me = await registerEstablished(app);
  other = await registerEstablished(app);
});
afterEach(async () => {
  await app.cleanup();
});

const auth = (who: Who) => ({ authorization: `Bearer ${who.token}` });
const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
};
const review = (author: Who, target: Who) =>
  ok(
    app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: auth(author),
      payload: { user: target.userId, score: 4, comment: 'Totul a fost bine' },
    }),
  );
const send = async (from: Who, announcementId: string, recipientId: string) => {
  const out = await app.messaging.send(from.userId, {
    id: newId(),
    announcementId,
    recipientId,
    text: 'Bună ziua!',
    image: '',
    fileName: '',
    replyTo: null,
  });
  expect(out).not.toHaveProperty('error');
};
type Row = { deleted: number | boolean; seq: number };
const rows = <T>(query: ReturnType<typeof sql>) => sqlAll<T & Row>(app, query);

describe('deleting an account', () => {
  it('makes every row of the person a tombstone with its own new seq, content blanked, others untouched', async () => {
    const mine = await insertAnnouncement(app, me.userId);
    const theirs = await insertAnnouncement(app, other.userId);
    await ok(app.inject({ method: 'POST', url: `/api/favorites/${theirs}`, headers: auth(me) }));
    await ok(app.inject({ method: 'POST', url: `/api/favorites/${mine}`, headers: auth(other) }));
    await review(me, other);
    await review(other, me);
    // Each review and each message notifies its recipient; each conversation has a row per participant.
    await send(me, theirs, other.userId);
    await send(other, mine, me.userId);
    const [{ top }] = await sqlAll<{ top: number }>(
      app,
      sql`SELECT MAX(seq) AS top FROM (
      SELECT seq FROM announcements UNION ALL SELECT seq FROM favorites UNION ALL SELECT seq FROM reviews
      UNION ALL SELECT seq FROM notifications UNION ALL SELECT seq FROM conversation_members) s`,
    );

    await ok(
      app.inject({
        method: 'DELETE',
        url: '/api/users/delete-account',
        headers: auth(me),
        payload: { password: 'parola-buna-1' },
      }),
    );

    const anns = await rows<{ id: string; title: string; images: string }>(
      sql`SELECT id, title, images, deleted, seq FROM announcements WHERE owner_id = ${me.userId}`,
    );
    const favs = await rows<{ userId: string }>(sql`SELECT user_id AS "userId", deleted, seq FROM favorites`);
    const revs = await rows<{ comment: string; authorId: string }>(
      sql`SELECT comment, author_id AS "authorId", deleted, seq FROM reviews`,
    );
    const notes = await rows<{ userId: string }>(
      sql`SELECT user_id AS "userId", deleted, seq FROM notifications`,
    );
    const members = await rows<{ userId: string }>(
      sql`SELECT user_id AS "userId", deleted, seq FROM conversation_members`,
    );
    const isMine = (r: { userId: string }) => r.userId === me.userId;

    expect(anns).toHaveLength(1);
    expect(anns[0]).toMatchObject({ title: '', images: '[]' });
    expect(revs).toHaveLength(2); // the one I wrote and the one about me
    for (const r of revs) expect(r.comment).toBe('');
    const gone = [
      ...anns,
      ...favs.filter(isMine),
      ...revs,
      ...notes.filter(isMine),
      ...members.filter(isMine),
    ];
    // 1 announcement, 1 favourite, 2 reviews, 2 notifications (review, message), 2 conversation rows.
    expect(gone).toHaveLength(1 + 1 + 2 + 2 + 2);
    for (const r of gone) expect(Boolean(r.deleted)).toBe(true);
    // Each tombstone took its own seq after everything before, so every device pulls it.
    const seqs = gone.map((r) => Number(r.seq));
    expect(Math.min(...seqs)).toBeGreaterThan(Number(top));
    expect(new Set(seqs).size).toBe(seqs.length);

    // The other person's own rows stay live: their favourite (now of a deleted announcement), their two
    // notifications and their two conversation rows.
    const kept = [...favs, ...notes, ...members].filter((r) => !isMine(r));
    expect(kept).toHaveLength(1 + 2 + 2);
    for (const r of kept) expect(Boolean(r.deleted)).toBe(false);
  });
});
