import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementDoc } from '../../../schema/entities.ts';
import { IMAGE_WIDTHS, imageVariant } from '../../../schema/images.ts';
import type { HeldDoc, HeldDocs, HeldKeys, HeldKind } from '../../../schema/sync.ts';
import { openDatabase } from './database.ts';
import { SyncClient } from './sync-client.ts';
import type { HobbizDatabase } from './types.ts';
import { WorkingSet } from './working-set.ts';
import type { Budget } from './working-set-budget.ts';

/**
 * The device's working set (issue 11) in isolation: the real WorkingSet, SyncClient and RxDB (memory
 * storage), with only the socket scripted. The server side answers `hold` and `query` as the test says,
 * so what the device keeps, evicts and tells the server can be checked exactly.
 */
type Sent = { type: string; id?: string; keys?: HeldKeys; replace?: boolean; own?: boolean } & Record<
  string,
  unknown
>;

class ScriptedSocket {
  static current: ScriptedSocket | null = null;
  /** 'up': accepted at once; 'stuck': never opens (the device is not online). */
  static mode: 'up' | 'stuck' = 'up';
  /** The server's answer to a `hold` (default: nothing changed). */
  static onHold: (msg: Sent) => HeldDocs = () => ({});
  static onQuery: (msg: Sent) => unknown = () => ({
    items: [],
    nextCursor: null,
    total: 0,
    totalCapped: false,
  });
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  sent: Sent[] = [];
  constructor(readonly url: string) {
    ScriptedSocket.current = this;
    if (ScriptedSocket.mode === 'up') queueMicrotask(() => this.onopen?.());
  }
  send(raw: string) {
    const msg = JSON.parse(raw) as Sent;
    this.sent.push(msg);
    const reply = (data: unknown) => queueMicrotask(() => this.onmessage?.({ data: JSON.stringify(data) }));
    if (msg.type === 'hello') reply({ type: 'ready', userId: 'me' });
    if (msg.type === 'hold') reply({ type: 'result', id: msg.id, data: ScriptedSocket.onHold(msg) });
    if (msg.type === 'query') reply({ type: 'result', id: msg.id, data: ScriptedSocket.onQuery(msg) });
  }
  close() {}
  of(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
}

const ME = 'aaaaaaaaaaaaaaaaaaaaaa01';
const SELLER = 'bbbbbbbbbbbbbbbbbbbbbb01';
const id = (n: number) => `c${String(n).padStart(23, '0')}`;

function ann(n: number, patch: Partial<AnnouncementDoc> = {}): AnnouncementDoc {
  return {
    id: id(n),
    ownerId: SELLER,
    title: `Tort de ciocolată numărul ${n}`,
    category: 'Prăjituri',
    description: 'Tort de casă cu cremă de ciocolată, pentru aniversări și botezuri.',
    location: 'Cluj',
    localitate: 'Cluj-Napoca',
    contactPerson: 'Maria',
    contactEmail: 'maria@hobbiz.test',
    contactPhone: '0712345678',
    images: [],
    price: 100,
    favoritesCount: 0,
    views: 0,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    active: true,
    ...patch,
  };
}
/** A document as the server sends it (`_deleted: true` for a tombstone). */
const held = (doc: { id: string } & Record<string, unknown>, seq = 1): HeldDoc => ({
  doc: { _deleted: false, ...doc },
  seq,
});

let db: HobbizDatabase;
let client: SyncClient | null = null;
let ws: WorkingSet | null = null;

async function open(userId: string | null): Promise<HobbizDatabase> {
  // A fresh memory database per test (the memory storage is shared by name inside the process).
  db = await openDatabase(userId, undefined, getRxStorageMemory());
  return db;
}

function start(budget: Partial<Budget> = {}, pending: string[] = [], userId: string | null = ME): WorkingSet {
  client = new SyncClient('token');
  const limits: Budget = { announcements: 3, profiles: 2, reviews: 2, photoBytes: 1_000_000, ...budget };
  ws = new WorkingSet(db, client, userId, { pendingIds: async () => pending }, limits);
  return ws;
}

async function until(check: () => boolean | Promise<boolean>, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('timed out');
}

const online = () => until(() => client?.status$.value === 'online');
const stored = async () => new Set((await db.announcements.find().exec()).map((d) => d.id));
const heldRefs = async (kind: HeldKind) =>
  new Set((await db.held.find({ selector: { kind } }).exec()).map((d) => d.ref));
const socket = () => ScriptedSocket.current!;

beforeEach(() => {
  ScriptedSocket.mode = 'up';
  ScriptedSocket.current = null;
  ScriptedSocket.onHold = () => ({});
  ScriptedSocket.onQuery = () => ({ items: [], nextCursor: null, total: 0, totalCapped: false });
  vi.stubGlobal('WebSocket', ScriptedSocket);
  vi.stubGlobal('window', new EventTarget());
  vi.stubGlobal('location', { protocol: 'http:', host: 'hobbiz.test' });
});

afterEach(async () => {
  ws?.stop();
  client?.close();
  ws = null;
  client = null;
  await db?.remove();
  vi.unstubAllGlobals();
});

describe('the working set within its budget', () => {
  it('keeps the most recently shown past the budget and tells the server what left', async () => {
    await open(null);
    start({ announcements: 3 });
    await online();
    await ws!.show(
      'announcements',
      [1, 2, 3, 4, 5].map((n) => held(ann(n), n)),
      false,
    );
    expect(await stored()).toEqual(new Set([id(3), id(4), id(5)]));
    expect(await heldRefs('announcements')).toEqual(new Set([id(3), id(4), id(5)]));
    // The server stops sending changes of the evicted keys.
    expect(socket().of('release').at(-1)).toMatchObject({ keys: { announcements: [id(1), id(2)] } });
    // Not yet registered on the socket: the page's keys were held with the seq of the copies shown.
    const hold = socket().of('hold').at(-1)!;
    expect(hold.keys?.announcements).toEqual([1, 2, 3, 4, 5].map((n) => [id(n), n]));
  });

  it('evicts the least recently used, not the first stored: showing one again keeps it', async () => {
    await open(null);
    start({ announcements: 3 });
    await online();
    await ws!.show(
      'announcements',
      [1, 2, 3].map((n) => held(ann(n))),
      true,
    );
    await ws!.show('announcements', [held(ann(1))], true); // seen again: now the most recent
    await ws!.show('announcements', [held(ann(4))], true);
    expect(await stored()).toEqual(new Set([id(1), id(3), id(4)]));
  });

  it('never evicts pinned announcements: favourites, own, conversations, pending publishes', async () => {
    await open(ME);
    await db.favorites.insert({ id: id(1), createdAt: '2026-01-02T00:00:00.000Z' });
    await db.conversations.insert({
      id: `${id(3)}_${SELLER}`,
      otherUserId: SELLER,
      announcementId: id(3),
      lastMessageText: 'Bună ziua, mai este valabil?',
      lastMessageAt: '2026-01-02T00:00:00.000Z',
      lastSenderId: ME,
      unreadCount: 0,
      lastReadAt: '2026-01-02T00:00:00.000Z',
    });
    start({ announcements: 2 }, [id(4)]);
    await online();
    // The pinned ones are shown first (the oldest use), then many others.
    const pinned = [ann(1), ann(2, { ownerId: ME }), ann(3), ann(4)];
    await ws!.show(
      'announcements',
      pinned.map((d) => held(d)),
      true,
    );
    await ws!.show(
      'announcements',
      [5, 6, 7, 8, 9].map((n) => held(ann(n))),
      true,
    );
    const kept = await stored();
    for (const n of [1, 2, 3, 4]) expect(kept.has(id(n)), `pinned ${n}`).toBe(true);
    // Besides the pinned, exactly the budget: the two most recently shown.
    expect([...kept].filter((k) => ![1, 2, 3, 4].map(id).includes(k)).sort()).toEqual([id(8), id(9)]);
    const released = socket()
      .of('release')
      .flatMap((m) => (m.keys as Record<string, string[]>).announcements ?? []);
    for (const n of [1, 2, 3, 4]) expect(released).not.toContain(id(n));
  });

  it("a guest's own-looking announcements are not pinned (only a signed-in person owns some)", async () => {
    await open(null);
    start({ announcements: 1 }, [id(1)], null);
    await online();
    await ws!.show('announcements', [held(ann(1, { ownerId: ME })), held(ann(2))], true);
    // No userId: pending publishes and ownership pin nothing.
    expect(await stored()).toEqual(new Set([id(2)]));
  });

  it('evicts profiles past their own budget, never the person signed in', async () => {
    await open(ME);
    start({ profiles: 1 });
    await online();
    const person = (pid: string) => ({
      id: pid,
      firstName: 'Ion',
      lastName: 'Popescu',
      avatar: '',
      localitate: 'Iași',
      createdAt: '2025-01-01T00:00:00.000Z',
      lastSeen: '2026-01-01T00:00:00.000Z',
    });
    await ws!.show('profiles', [held(person(ME)), held(person(id(11))), held(person(id(12)))], true);
    const people = new Set((await db.profiles.find().exec()).map((d) => d.id));
    expect(people).toEqual(new Set([ME, id(12)]));
  });
});

describe('the copies the device stores', () => {
  it('ignores a copy older than the one it has, but counts the use', async () => {
    await open(null);
    start({ announcements: 2 });
    await online();
    await ws!.show('announcements', [held(ann(1, { price: 250 }), 9)], true);
    await ws!.show('announcements', [held(ann(2), 1)], true);
    // A cached REST answer with the old price (seq 3 < 9): the device keeps 250 …
    await ws!.show('announcements', [held(ann(1, { price: 100 }), 3)], true);
    expect((await db.announcements.findOne(id(1)).exec())?.price).toBe(250);
    expect((await db.held.findOne(`announcements:${id(1)}`).exec())?.seq).toBe(9);
    // … and 1 is now the most recently used: a new one evicts 2.
    await ws!.show('announcements', [held(ann(3), 1)], true);
    expect(await stored()).toEqual(new Set([id(1), id(3)]));
  });

  it('follows a change the server pushes, and drops an announcement that was deactivated', async () => {
    await open(ME);
    start();
    await online();
    await ws!.show('announcements', [held(ann(1), 1), held(ann(2), 1)], true);
    socket().onmessage?.({
      data: JSON.stringify({
        type: 'event',
        name: 'held',
        payload: { announcements: [held(ann(1, { price: 777 }), 5), held({ id: id(2), _deleted: true }, 6)] },
      }),
    });
    await until(async () => (await db.announcements.findOne(id(1)).exec())?.price === 777);
    await until(async () => !(await stored()).has(id(2)));
    // The key stays held with the tombstone's seq: if it comes back, the server sends it again.
    expect((await db.held.findOne(`announcements:${id(2)}`).exec())?.seq).toBe(6);
  });

  it('at connect drops copies no key holds, and sends every key it holds with its seq', async () => {
    await open(ME);
    await db.announcements.bulkInsert([ann(1), ann(2)]);
    await db.held.insert({
      key: `announcements:${id(1)}`,
      kind: 'announcements',
      ref: id(1),
      seq: 42,
      usedAt: 1,
    });
    start();
    await online();
    await until(() =>
      socket()
        .of('hold')
        .some((m) => m.replace),
    );
    const hello = socket()
      .of('hold')
      .find((m) => m.replace)!;
    expect(hello).toMatchObject({ replace: true, own: true, keys: { announcements: [[id(1), 42]] } });
    await until(async () => !(await stored()).has(id(2)));
    expect(await stored()).toEqual(new Set([id(1)]));
  });

  it('a new favourite is held at once, asked with seq 0 (the device has no copy yet)', async () => {
    await open(ME);
    ScriptedSocket.onHold = (msg) =>
      msg.keys?.announcements?.some(([k]) => k === id(7)) ? { announcements: [held(ann(7), 12)] } : {};
    start();
    await online();
    await db.favorites.insert({ id: id(7), createdAt: '2026-01-03T00:00:00.000Z' });
    await until(async () => (await stored()).has(id(7)));
    const asked = socket()
      .of('hold')
      .find((m) => !m.replace && m.keys?.announcements?.some(([k]) => k === id(7)));
    expect(asked?.keys?.announcements).toContainEqual([id(7), 0]);
    expect((await db.held.findOne(`announcements:${id(7)}`).exec())?.seq).toBe(12);
  });

  it('a search page over the socket lands in the working set without a second hold', async () => {
    await open(null);
    ScriptedSocket.onQuery = () => ({
      items: [held(ann(1), 3), held(ann(2), 4)],
      nextCursor: 'next',
      total: 40,
      totalCapped: false,
    });
    start();
    await online();
    const holdsBefore = socket().of('hold').length;
    const page = await ws!.query({ q: 'tort', limit: 24 });
    expect(page.total).toBe(40);
    expect(socket().of('query').at(-1)).toMatchObject({ params: { q: 'tort', limit: 24 } });
    expect(await stored()).toEqual(new Set([id(1), id(2)]));
    expect(socket().of('hold').length).toBe(holdsBefore);
  });

  it('offline, what is shown is stored and held for the next connect, without asking the server', async () => {
    ScriptedSocket.mode = 'stuck';
    await open(null);
    start({ announcements: 5 });
    await ws!.show('announcements', [held(ann(1), 2)], false);
    await ws!.hold('announcements', [id(9)]);
    expect(await stored()).toEqual(new Set([id(1)]));
    expect(await heldRefs('announcements')).toEqual(new Set([id(1), id(9)]));
    expect((await db.held.findOne(`announcements:${id(9)}`).exec())?.seq).toBe(0);
    expect(socket().sent).toEqual([]);
  });
});

describe('reviews in the working set (held per person reviewed)', () => {
  const review = (n: number, subject: string, patch: Record<string, unknown> = {}) => ({
    id: id(100 + n),
    authorId: ME,
    userId: subject,
    announcementId: id(1),
    score: 5,
    comment: 'Foarte bun, recomand!',
    likes: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  });

  it('stores the reviews of a person asked for, with the catch-up seq, and drops the stale ones on a reset', async () => {
    await open(null);
    await db.reviews.insert(review(9, SELLER)); // deleted on the server while the device was away
    await db.held.insert({ key: `reviews:${SELLER}`, kind: 'reviews', ref: SELLER, seq: 1, usedAt: 1 });
    ScriptedSocket.onHold = (msg) =>
      msg.replace
        ? {}
        : {
            reviews: [held(review(1, SELLER), 30), held(review(2, SELLER), 31)],
            reviewsReset: [SELLER],
            upTo: 50,
          };
    start();
    await online();
    await ws!.hold('reviews', [SELLER]);
    const ids = (await db.reviews.find().exec()).map((d) => d.id).sort();
    expect(ids).toEqual([id(101), id(102)]);
    // Everything about the person was sent up to 50: the next connect asks only for what is newer.
    expect((await db.held.findOne(`reviews:${SELLER}`).exec())?.seq).toBe(50);
  });

  it("past the budget, a person's reviews leave together; the signed-in person's never do", async () => {
    await open(ME);
    start({ reviews: 1 });
    await online();
    const other = id(50);
    await ws!.show('reviews', [held(review(1, ME), 1)], true);
    await ws!.show('reviews', [held(review(2, SELLER), 2), held(review(3, SELLER), 3)], true);
    await ws!.show('reviews', [held(review(4, other), 4)], true);
    const left = (await db.reviews.find().exec()).map((d) => d.userId).sort();
    expect(left).toEqual([other, ME].sort());
    expect(await heldRefs('reviews')).toEqual(new Set([ME, other]));
  });
});

describe('photos leave with their announcements', () => {
  it('an evicted announcement takes its photo and size variants out of the photo cache', async () => {
    const urls = new Map<string, number>();
    const photoCache = {
      keys: async () => [...urls.keys()].map((u) => new Request(u)),
      delete: async (r: Request | string) => urls.delete(typeof r === 'string' ? r : r.url),
      match: async () => undefined,
    };
    vi.stubGlobal('caches', { open: async () => photoCache, has: async () => true });
    const gone = '/uploads/tort-1.jpg';
    const kept = '/uploads/tort-2.jpg';
    for (const p of [gone, kept])
      for (const u of [p, ...IMAGE_WIDTHS.map((w) => imageVariant(p, w))])
        urls.set(`http://hobbiz.test${u}`, 1);
    await open(null);
    start({ announcements: 1 });
    await online();
    await ws!.show('announcements', [held(ann(1, { images: [gone] }))], true);
    await ws!.show('announcements', [held(ann(2, { images: [kept] }))], true);
    expect([...urls.keys()].map((u) => new URL(u).pathname).sort()).toEqual(
      [kept, ...IMAGE_WIDTHS.map((w) => imageVariant(kept, w))].sort(),
    );
  });
});
