import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SEARCH_ERRORS } from '../../../schema/search-params.ts';
import {
  HELD_LIMITS,
  type HeldDoc,
  type HeldDocs,
  type HeldKind,
  LISTING_EVENT,
} from '../../../schema/sync.ts';
import { bearer, validForm } from '../routes/my-announcements/test-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerEstablished, settled, sqlGet } from '../test-helper.ts';
import { client, connectedClient } from './test-client.ts';

/**
 * The working set (issue 11) over real sockets and a real database: a device holds keys, catch-up
 * answers only what moved among them, and every later change of a held key reaches its holders — and
 * nobody else. Changes go through the app's routes, as people make them.
 */

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string; email: string };
type Client = ReturnType<typeof client>;
let app: App;
let owner: Who;
let stranger: Who;
beforeEach(async () => {
  app = await buildTestApp();
  owner = await registerEstablished(app);
  stranger = await registerEstablished(app);
});
afterEach(async () => {
  await app.cleanup();
});

const connect = (token: string | null) => connectedClient(app, token);
/** A connected client with its socket, for tests that close it. */
async function open(token: string | null): Promise<{ ws: WebSocket; c: Client }> {
  const ws = await app.injectWS('/api/sync');
  const c = client(ws);
  c.hello(token);
  expect((await c.answer()).type).toBe('ready');
  return { ws, c };
}
/** The feed runs on setImmediate after a commit's poke. */
const settle = () => settled(app, 20);
const seqOf = async (id: string) => (await app.announcementsRepo.byId(id))!.seq;
const userSeq = async (id: string) => (await app.usersRepo.byId(id))!.seq;
const at = async (ids: string[]): Promise<[string, number][]> =>
  Promise.all(ids.map(async (id): Promise<[string, number]> => [id, await seqOf(id)]));

// biome-ignore lint/suspicious/noExplicitAny: REST answers of several shapes
function ok(res: { statusCode: number; body: string; json(): any }, code = 200) {
  expect(res.statusCode, res.body).toBe(code);
  return res.json();
}
const publish = async (fields: Record<string, unknown> = {}, who: Who = owner): Promise<string> =>
  ok(
    await app.inject({
      method: 'POST',
      url: '/api/users/my-announcements',
      headers: bearer(who.token),
      payload: { ...validForm, ...fields },
    }),
    201,
  )._id;
const setPrice = async (id: string, price: number) =>
  ok(
    await app.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${id}`,
      headers: bearer(owner.token),
      payload: { ...validForm, price },
    }),
  );
const setActive = async (id: string, active: boolean) =>
  ok(
    await app.inject({
      method: 'PUT',
      url: `/api/users/my-announcements/${id}/active`,
      headers: bearer(owner.token),
      payload: { active },
    }),
  );
const remove = async (id: string) =>
  ok(
    await app.inject({
      method: 'DELETE',
      url: `/api/users/my-announcements/${id}`,
      headers: bearer(owner.token),
    }),
  );
const saveProfile = async (who: Who, payload: Record<string, unknown>) =>
  ok(await app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(who.token), payload }));
const asJson = (who: Who, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });

type Doc = { id: string; _deleted: boolean } & Record<string, unknown>;
const docs = (d: HeldDocs, kind: HeldKind = 'announcements') =>
  (d[kind] ?? []).map((h: HeldDoc) => h.doc as Doc);
/** The documents of one kind in the held events received so far (which are emptied). */
const heard = (c: Client, kind: HeldKind = 'announcements') => c.takeHeld().flatMap((e) => docs(e, kind));
const BLANK = {
  title: '',
  description: '',
  contactPerson: '',
  contactEmail: '',
  contactPhone: '',
  images: [],
};
const PROFILE_FIELDS = [
  '_deleted',
  'avatar',
  'createdAt',
  'firstName',
  'id',
  'lastName',
  'lastSeen',
  'localitate',
];
const BAD_REQUEST = { type: 'error', code: 'bad-request', message: 'Date de sincronizare invalide.' };

describe('catch-up', () => {
  it('after 30 days costs bytes in proportion to the changes in the held set, not to the catalogue', async () => {
    const catalogue = await Promise.all(
      Array.from({ length: 1000 }, () => insertAnnouncement(app, owner.userId)),
    );
    const held = catalogue.filter((_, i) => i % 50 === 7);
    expect(held).toHaveLength(20);
    const heldAt = await at(held);

    const away = await open(null);
    expect(await away.c.hold({ announcements: heldAt }, { replace: true })).toEqual({});
    away.ws.close(); // offline for "30 days"
    const online = await connect(null);
    expect(await online.hold({ announcements: heldAt }, { replace: true })).toEqual({});

    // 500 announcements of the catalogue get a new price, three of the held ones among them.
    const changedHeld = [held[2]!, held[9]!, held[17]!];
    const changed = [...changedHeld, ...catalogue.filter((id) => !held.includes(id)).slice(0, 497)];
    for (const id of changed) await setPrice(id, 321);
    await settle();

    // The device that stayed online heard of those three only.
    const live = heard(online);
    expect(live.map((d) => d.id).sort()).toEqual([...changedHeld].sort());
    expect(live.every((d) => d.price === 321)).toBe(true);

    // The device that was away sends its set again with the seqs it has: exactly the three come back.
    const back = await connect(null);
    const answer = await back.hold({ announcements: heldAt }, { replace: true });
    expect(Object.keys(answer)).toEqual(['announcements']);
    expect(answer.announcements!.map((h) => [h.doc.id, h.seq]).sort()).toEqual(
      (await Promise.all(changedHeld.map(async (id) => [id, await seqOf(id)]))).sort(),
    );
    expect(docs(answer).every((d) => d.price === 321 && !d._deleted)).toBe(true);
    // About half a kilobyte a document, whatever the size of the catalogue.
    const bytes = Buffer.byteLength(JSON.stringify(answer));
    expect(bytes).toBeLessThan(3 * 1024);
    const wholeCatalogue = await back.hold({ announcements: catalogue.map((id) => [id, 0]) });
    expect(bytes * 100).toBeLessThan(Buffer.byteLength(JSON.stringify(wholeCatalogue)));

    // Sent again with the new seqs, nothing is owed.
    expect(await back.hold({ announcements: await at(held) }, { replace: true })).toEqual({});
  });

  it('seq 0 brings every held document; an unknown id comes back as a `gone` tombstone', async () => {
    const a = await publish();
    const unknown = '0123456789abcdef01234567';
    const c = await connect(null);
    const answer = await c.hold({
      announcements: [
        [a, 0],
        [unknown, 0],
      ],
      profiles: [
        [owner.userId, 0],
        [unknown, 5],
      ],
    });
    expect(answer.announcements).toHaveLength(2);
    expect(answer.announcements).toEqual(
      expect.arrayContaining([
        { doc: expect.objectContaining({ id: a, _deleted: false, price: 150 }), seq: await seqOf(a) },
        { doc: { id: unknown, _deleted: true }, seq: 0 },
      ]),
    );
    expect(answer.profiles).toEqual([
      {
        doc: expect.objectContaining({ id: owner.userId, _deleted: false }),
        seq: await userSeq(owner.userId),
      },
      { doc: { id: unknown, _deleted: true }, seq: 0 },
    ]);
  });

  it('own: every announcement of the caller, inactive included, deleted ones only when held', async () => {
    const live = await publish();
    const paused = await publish({ title: 'Anunț dezactivat temporar' });
    await setActive(paused, false);
    const deletedHeld = await publish();
    const heldSeq = await seqOf(deletedHeld);
    const deletedLongAgo = await publish();
    await remove(deletedHeld);
    await remove(deletedLongAgo);
    await publish({}, stranger);

    const mine = await connect(owner.token);
    const answer = await mine.hold({ announcements: [[deletedHeld, heldSeq]] }, { own: true });
    expect(
      docs(answer)
        .map((d) => `${d.id} ${d._deleted}`)
        .sort(),
    ).toEqual([`${live} false`, `${paused} false`, `${deletedHeld} true`].sort());
    expect(docs(answer).find((d) => d.id === paused)).toMatchObject({
      title: 'Anunț dezactivat temporar',
      active: false,
    });

    // A guest asking for `own` has none: nothing comes, now or later.
    const guest = await connect(null);
    expect(await guest.hold({}, { own: true })).toEqual({});
    await setPrice(live, 99);
    await settle();
    expect(guest.takeHeld()).toEqual([]);
    expect(heard(mine).map((d) => [d.id, d.price])).toEqual([[live, 99]]);
  });
});

describe('live changes of held keys', () => {
  it('a price change reaches every holder, guest or signed in, and not a socket that does not hold it; release stops it', async () => {
    const [a, b] = [await publish(), await publish()];
    const guest = await connect(null);
    const signedIn = await connect(stranger.token);
    const other = await connect(null);
    await guest.hold({ announcements: await at([a]) });
    await signedIn.hold({ announcements: await at([a, b]) });
    await other.hold({ announcements: await at([b]) });

    await setPrice(a, 175);
    await settle();
    for (const c of [guest, signedIn]) {
      expect(c.takeHeld()).toEqual([
        {
          announcements: [
            { doc: expect.objectContaining({ id: a, price: 175, _deleted: false }), seq: await seqOf(a) },
          ],
        },
      ]);
    }
    expect(other.takeHeld()).toEqual([]);

    // Released: no more changes of it, while the other key keeps coming.
    signedIn.release({ announcements: [a] });
    await settle();
    await setPrice(a, 180);
    await setPrice(b, 90);
    await settle();
    expect(heard(signedIn).map((d) => [d.id, d.price])).toEqual([[b, 90]]);
    expect(heard(guest).map((d) => [d.id, d.price])).toEqual([[a, 180]]);
    expect(heard(other).map((d) => [d.id, d.price])).toEqual([[b, 90]]);
  });

  it('a closed socket leaves the registry: later changes go on to the others without error', async () => {
    const a = await publish();
    const gone = await open(null);
    const stays = await connect(null);
    await gone.c.hold({ announcements: await at([a]) });
    await stays.hold({ announcements: await at([a]) });
    gone.ws.close();
    await gone.c.closed;
    await settle();
    await setPrice(a, 222);
    await settle();
    expect(heard(stays).map((d) => d.price)).toEqual([222]);
    expect(gone.c.takeHeld()).toEqual([]);
  });

  it('replace: true makes the keys sent the whole set; the ones not sent again stop coming', async () => {
    const [a, b] = [await publish(), await publish()];
    const c = await connect(null);
    await c.hold({
      announcements: await at([a, b]),
      profiles: [[owner.userId, await userSeq(owner.userId)]],
    });
    expect(await c.hold({ announcements: await at([a]) }, { replace: true })).toEqual({});
    await setPrice(a, 11);
    await setPrice(b, 12);
    await saveProfile(owner, { firstName: 'Ana', lastName: 'Înlocuită', localitate: '', phone: '' });
    await settle();
    const events = c.takeHeld();
    expect(events.flatMap((e) => docs(e)).map((d) => [d.id, d.price])).toEqual([[a, 11]]);
    expect(events.flatMap((e) => docs(e, 'profiles'))).toEqual([]);
  });

  it('deactivation: a blanked tombstone to everyone else, the full document to the owner; reactivation brings it back', async () => {
    const a = await publish({ title: 'Anunț care se va ascunde' });
    const guest = await connect(null);
    const other = await connect(stranger.token);
    const ownerByKey = await connect(owner.token);
    const ownerOwn = await connect(owner.token);
    for (const c of [guest, other, ownerByKey]) await c.hold({ announcements: await at([a]) });
    await ownerOwn.hold({}, { own: true });

    await setActive(a, false);
    await settle();
    for (const c of [guest, other]) {
      const [doc, ...more] = heard(c);
      expect(more).toEqual([]);
      expect(doc).toMatchObject({ id: a, _deleted: true, ...BLANK });
    }
    for (const c of [ownerByKey, ownerOwn]) {
      expect(heard(c)).toEqual([
        expect.objectContaining({ id: a, _deleted: false, active: false, title: 'Anunț care se va ascunde' }),
      ]);
    }
    // A device of someone else that was away gets the same tombstone from catch-up.
    const late = await connect(null);
    expect(docs(await late.hold({ announcements: [[a, 1]] }))).toEqual([
      expect.objectContaining({ id: a, _deleted: true, ...BLANK }),
    ]);

    await setActive(a, true);
    await settle();
    for (const c of [guest, other, ownerByKey, ownerOwn, late]) {
      expect(heard(c)).toEqual([
        expect.objectContaining({ id: a, _deleted: false, active: true, title: 'Anunț care se va ascunde' }),
      ]);
    }

    // Deleted: a blanked tombstone for everyone, its owner too.
    await remove(a);
    await settle();
    for (const c of [guest, other, ownerByKey, ownerOwn, late]) {
      expect(heard(c)).toEqual([expect.objectContaining({ id: a, _deleted: true, ...BLANK })]);
    }
  });

  it('a favourite toggle’s new counter reaches the holders', async () => {
    const a = await publish();
    const c = await connect(null);
    await c.hold({ announcements: await at([a]) });
    ok(await asJson(stranger, 'POST', `/api/favorites/${a}`));
    await settle();
    expect(heard(c)).toEqual([expect.objectContaining({ id: a, favoritesCount: 1 })]);
    ok(await asJson(stranger, 'DELETE', `/api/favorites/${a}`));
    await settle();
    expect(heard(c)).toEqual([expect.objectContaining({ id: a, favoritesCount: 0 })]);
  });

  it('reviews about a held person arrive live: created, edited, liked, deleted as a tombstone', async () => {
    const third = await registerEstablished(app);
    const c = await connect(null);
    const elsewhere = await connect(null);
    expect(await c.hold({ reviews: [[owner.userId, 0]] })).toEqual({ upTo: expect.any(Number) });
    await elsewhere.hold({ reviews: [[third.userId, 0]] });

    const created = ok(
      await asJson(stranger, 'POST', '/api/reviews', { user: owner.userId, score: 5, comment: 'Foarte bun' }),
      201,
    );
    await settle();
    expect(heard(c, 'reviews')).toEqual([
      expect.objectContaining({
        id: created._id,
        authorId: stranger.userId,
        userId: owner.userId,
        score: 5,
        comment: 'Foarte bun',
        _deleted: false,
      }),
    ]);
    const seqBefore = (await sqlGet<{ seq: number }>(
      app,
      sql`SELECT seq FROM reviews WHERE id = ${created._id}`,
    ))!.seq;

    ok(await asJson(stranger, 'PUT', `/api/reviews/${created._id}`, { score: 4.5, comment: 'Revizuit' }));
    await settle();
    expect(heard(c, 'reviews')).toEqual([
      expect.objectContaining({ id: created._id, score: 4.5, comment: 'Revizuit' }),
    ]);
    ok(await asJson(third, 'POST', `/api/reviews/${created._id}/like`));
    await settle();
    expect(heard(c, 'reviews')).toEqual([
      expect.objectContaining({ id: created._id, likes: [third.userId] }),
    ]);

    ok(await asJson(stranger, 'DELETE', `/api/reviews/${created._id}`));
    await settle();
    expect(heard(c, 'reviews')).toEqual([
      expect.objectContaining({ id: created._id, _deleted: true, comment: '' }),
    ]);
    // Nothing about another person reached the socket holding someone else.
    expect(elsewhere.takeHeld()).toEqual([]);

    // Catch-up: a device that had the review gets its tombstone; one that never had it, nothing.
    const late = await connect(null);
    expect(docs(await late.hold({ reviews: [[owner.userId, seqBefore]] }), 'reviews')).toEqual([
      expect.objectContaining({ id: created._id, _deleted: true }),
    ]);
    const fresh = await connect(null);
    expect(await fresh.hold({ reviews: [[owner.userId, 0]] })).toEqual({ upTo: expect.any(Number) });
  });

  it('a profile rename reaches its holders (public fields only); a phone change sends nothing', async () => {
    const c = await connect(null);
    const signedIn = await connect(stranger.token);
    const elsewhere = await connect(null);
    for (const x of [c, signedIn]) await x.hold({ profiles: [[owner.userId, await userSeq(owner.userId)]] });
    await elsewhere.hold({ profiles: [[stranger.userId, await userSeq(stranger.userId)]] });

    await saveProfile(owner, {
      firstName: 'Ana',
      lastName: 'Nouă',
      localitate: 'Sibiu',
      phone: '0733444555',
    });
    await settle();
    for (const x of [c, signedIn]) {
      const events = x.takeHeld();
      const [doc, ...more] = events.flatMap((e) => docs(e, 'profiles'));
      expect(more).toEqual([]);
      expect(doc).toMatchObject({ id: owner.userId, lastName: 'Nouă', localitate: 'Sibiu', _deleted: false });
      expect(Object.keys(doc!).sort()).toEqual(PROFILE_FIELDS.sort());
      expect(JSON.stringify(events)).not.toContain('0733444555');
      expect(JSON.stringify(events)).not.toContain(owner.email);
    }
    expect(elsewhere.takeHeld()).toEqual([]);

    // The phone is private: no new seq, nothing travels.
    await saveProfile(owner, {
      firstName: 'Ana',
      lastName: 'Nouă',
      localitate: 'Sibiu',
      phone: '0744555666',
    });
    await settle();
    expect(c.takeHeld()).toEqual([]);
  });

  it('a deleted account leaves every holder’s view: its profile and its announcements become tombstones', async () => {
    const a = await publish();
    const c = await connect(stranger.token);
    await c.hold({ announcements: await at([a]), profiles: [[owner.userId, await userSeq(owner.userId)]] });
    ok(await asJson(owner, 'DELETE', '/api/users/delete-account', { password: 'parola-buna-1' }));
    await settle();
    const events = c.takeHeld();
    expect(events.flatMap((e) => docs(e))).toEqual([
      expect.objectContaining({ id: a, _deleted: true, ...BLANK }),
    ]);
    expect(events.flatMap((e) => docs(e, 'profiles'))).toEqual([
      expect.objectContaining({ id: owner.userId, _deleted: true, firstName: '', lastName: '' }),
    ]);
  });

  it('a change committed just before the server closes does not throw after the database closed', async () => {
    const a = await publish();
    const c = await connect(null);
    await c.hold({ announcements: await at([a]) });
    // What the held feed's pass would throw once the database is gone surfaces as one of these.
    const thrown: unknown[] = [];
    const caught = (err: unknown) => thrown.push(err);
    process.on('unhandledRejection', caught);
    process.on('uncaughtException', caught);
    try {
      await setPrice(a, 1);
      // No macrotask turn between the commit's poke and the close: the pass runs after it.
      await app.cleanup();
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      process.off('unhandledRejection', caught);
      process.off('uncaughtException', caught);
      app = await buildTestApp();
    }
    expect(thrown).toEqual([]);
  });
});

describe('limits and bad requests', () => {
  const hold = async (c: Client, keys: unknown, id = 'h') => {
    c.send({ type: 'hold', id, keys });
    return c.answer();
  };

  it('malformed keys and too many keys are a bad request in Romanian; the socket stays usable', async () => {
    const a = await publish();
    const c = await connect(null);
    const tooMany = Array.from({ length: HELD_LIMITS.maxKeysPerMessage + 1 }, (_, i) => [
      i.toString(16).padStart(24, '0'),
      0,
    ]);
    const bad: unknown[] = [
      null,
      'announcements',
      { announcements: 'abc' },
      { announcements: ['abc'] },
      { announcements: [[5, 0]] },
      { announcements: [[a, -1]] },
      { announcements: [[a, 1.5]] },
      { announcements: [[a, '3']] },
      { profiles: [['x'.repeat(65), 0]] },
      { reviews: [[owner.userId]] },
      { announcements: tooMany },
      { announcements: tooMany.slice(0, 3000), profiles: tooMany.slice(0, 2001) },
    ];
    for (const [i, keys] of bad.entries()) {
      expect(await hold(c, keys, `bad${i}`)).toEqual({ ...BAD_REQUEST, id: `bad${i}` });
      // Still usable after each one.
      expect(docs(await c.hold({ announcements: [[a, 0]] })).map((d) => d.id)).toEqual([a]);
    }
    // Nothing of the refused messages was held.
    await setPrice(a, 77);
    await settle();
    expect(heard(c).map((d) => [d.id, d.price])).toEqual([[a, 77]]);
  });

  it('a search with a cursor of another order is refused with the REST message; the socket stays usable', async () => {
    await publish({ title: 'Lecții de chitară pentru începători' });
    await publish({ title: 'Lecții de pian pentru copii' });
    const c = await connect(null);
    const first = await c.query({ q: 'lectii', limit: 1 });
    expect(first.nextCursor).toBeTruthy();
    c.send({ type: 'query', id: 'q2', params: { q: 'lectii', sort: 'title', cursor: first.nextCursor } });
    expect(await c.answer()).toEqual({
      type: 'error',
      id: 'q2',
      code: 'bad-request',
      message: SEARCH_ERRORS.cursor,
    });
    expect((await c.query({ q: 'lectii', limit: 1 })).items).toHaveLength(1);
  });

  it('a socket may hold at most maxKeysPerKind keys of one kind, over several messages', async () => {
    const c = await connect(null);
    const keys = (from: number, n: number): [string, number][] =>
      Array.from({ length: n }, (_, i) => [(from + i).toString(16).padStart(24, '0'), 0]);
    const per = HELD_LIMITS.maxKeysPerMessage;
    let held = 0;
    while (held + per <= HELD_LIMITS.maxKeysPerKind) {
      await c.hold({ profiles: keys(held, per) });
      held += per;
    }
    if (held < HELD_LIMITS.maxKeysPerKind) {
      await c.hold({ profiles: keys(held, HELD_LIMITS.maxKeysPerKind - held) });
      held = HELD_LIMITS.maxKeysPerKind;
    }
    expect(await hold(c, { profiles: keys(held, 1) })).toEqual({ ...BAD_REQUEST, id: 'h' });
    // Keys already held do not count again (a device re-holds what it shows), nor was the refused one held.
    expect(await c.hold({ profiles: keys(0, 2) })).toEqual({
      profiles: keys(0, 2).map(([id]) => ({ doc: { id, _deleted: true }, seq: 0 })),
    });
    // Another kind has its own budget.
    expect(await c.hold({ announcements: keys(0, 1) })).toEqual({
      announcements: [{ doc: { id: keys(0, 1)[0]![0], _deleted: true }, seq: 0 }],
    });
  });

  it('a guest can hold public data and never receives private fields', async () => {
    await saveProfile(owner, { firstName: 'Ana', lastName: 'Pop', localitate: 'Sibiu', phone: '0733444555' });
    const a = await publish();
    const hidden = await publish({ title: 'Ascuns de public' });
    await setActive(hidden, false);
    const guest = await connect(null);
    const answer = await guest.hold({
      announcements: [
        [a, 0],
        [hidden, 0],
      ],
      profiles: [[owner.userId, 0]],
    });
    expect(docs(answer).find((d) => d.id === a)).toMatchObject({ _deleted: false });
    expect(docs(answer).find((d) => d.id === hidden)).toMatchObject({ _deleted: true, ...BLANK });
    const [profile] = docs(answer, 'profiles');
    expect(Object.keys(profile!).sort()).toEqual(PROFILE_FIELDS.sort());
    const text = JSON.stringify(answer);
    expect(text).not.toContain('0733444555');
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain('Ascuns de public');
  });
});

describe('open listings hear of new matches (watch → listingMatch, issue 20)', () => {
  const matches = (c: Client) =>
    c.side
      .filter((m) => m.type === 'event' && m.name === LISTING_EVENT)
      .flatMap((m) => (m as { payload: { ids: string[] } }).payload.ids);

  it('a guest watching a search is told of a published match, not of others; nothing after closing it', async () => {
    const guest = await connect(null);
    const other = await connect(null);
    guest.send({ type: 'watch', params: { q: 'sedinte foto familie', judet: 'Cluj' } });
    other.send({ type: 'watch', params: { q: 'tort', category: 'Fotografie' } });
    await settle();
    const id = await publish();
    await settle();
    expect(matches(guest)).toEqual([id]);
    expect(matches(other)).toEqual([]);
    // Out of the search's place: not told.
    await publish({ location: 'Iași', localitate: 'Iași', title: 'Ședință foto de familie la Iași' });
    await settle();
    expect(matches(guest)).toEqual([id]);
    // A change into the search (here, its price band) counts too; a closed page hears nothing.
    guest.send({ type: 'watch', params: { q: 'foto', pret: 'over100' } });
    other.send({ type: 'watch', params: null });
    await settle();
    const cheap = await publish({ price: '50', title: 'Fotografii de familie la preț mic' });
    await settle();
    expect(matches(guest)).toEqual([id]);
    await setPrice(cheap, 300);
    await settle();
    expect(matches(guest)).toEqual([id, cheap]);
    expect(matches(other)).toEqual([]);
  });

  it('ignores a malformed watch and keeps serving the socket', async () => {
    const guest = await connect(null);
    guest.send({ type: 'watch', params: { pret: 'ieftin' } });
    guest.send({ type: 'watch', params: 'x' });
    guest.send({ type: 'watch' });
    await settle();
    await publish();
    await settle();
    expect(matches(guest)).toEqual([]);
    expect((await guest.query({ q: 'familie' })).items.length).toBeGreaterThan(0);
  });
});
