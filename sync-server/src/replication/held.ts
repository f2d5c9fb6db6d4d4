import type { WebSocket } from 'ws';
import type { AnnouncementRow, ReviewRow, UserRow } from '../../../schema/db/tables.ts';
import {
  HELD_EVENT,
  type HeldDoc,
  type HeldDocs,
  type HeldKeys,
  type HeldKind,
  LISTING_EVENT,
  type ServerMessage,
} from '../../../schema/sync.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';
import type { CountersRepository } from '../repositories/counters.ts';
import type { ReviewsRepository } from '../repositories/reviews.ts';
import type { UsersRepository } from '../repositories/users.ts';
import { forCaller } from './collections/announcements.ts';
import { profileOf, reviewOf } from './collections/public.ts';
import type { HeldRegistry } from './held-registry.ts';
import { ListingWatches } from './listing-watch.ts';
import { sendTo } from './socket-backlog.ts';

/**
 * The working set of each device, server side (issue 11; see docs/decisions.md "Working set"). A socket
 * holds announcement and profile ids and the people whose reviews it shows; `hold` answers with what
 * changed since the seq the device has, and every later change to a held key is sent to the sockets
 * holding it — nothing about the rest of the catalogue travels. The held sets live with the socket: a
 * device sends its whole set again on every connect (a few tens of kB for thousands of keys).
 */

export type HeldDeps = {
  counters: CountersRepository;
  announcements: AnnouncementsRepository;
  users: UsersRepository;
  reviews: ReviewsRepository;
};

const gone = (id: string): HeldDoc => ({ doc: { id, _deleted: true } as HeldDoc['doc'], seq: 0 });

/** The documents a device lacks for these keys: newer than its seq, or tombstones for what left its view. */
export async function catchUp(
  deps: HeldDeps,
  userId: string | null,
  keys: HeldKeys,
  own: boolean,
): Promise<HeldDocs> {
  const out: HeldDocs = {};
  const ctx = { userId };

  const annKnown = new Map(keys.announcements ?? []);
  const annRows = new Map<string, AnnouncementRow>();
  for (const r of await deps.announcements.byIds([...annKnown.keys()])) annRows.set(r.id, r);
  if (own && userId) for (const r of await deps.announcements.allOfOwner(userId)) annRows.set(r.id, r);
  const anns: HeldDoc[] = [];
  for (const id of annKnown.keys()) if (!annRows.has(id)) anns.push(gone(id));
  for (const r of annRows.values()) {
    const known = annKnown.get(r.id);
    // A deleted row the device never had stays unknown to it (an owner's old deletions included).
    if (known === undefined && r.deleted) continue;
    if (known === undefined || r.seq > known) anns.push({ doc: forCaller(r, ctx), seq: r.seq });
  }
  if (anns.length) out.announcements = anns;

  const profKnown = new Map(keys.profiles ?? []);
  const profs: HeldDoc[] = [];
  const users = new Map((await deps.users.byIds([...profKnown.keys()])).map((u) => [u.id, u]));
  for (const [id, known] of profKnown) {
    const u = users.get(id);
    if (!u) profs.push(gone(id));
    else if (u.seq > known) profs.push({ doc: profileOf(u), seq: u.seq });
  }
  if (profs.length) out.profiles = profs;

  const subjects = keys.reviews ?? [];
  if (subjects.length) {
    // Reviews deleted long ago are purged: a device that last looked before that gets the full list.
    const purged = await deps.counters.get('purged_seq');
    const reset = subjects.filter(([, seq]) => seq > 0 && seq < purged).map(([id]) => id);
    const since = new Map(subjects.map(([id, seq]) => [id, reset.includes(id) ? 0 : seq]));
    const low = Math.min(...since.values());
    const revs: HeldDoc[] = [];
    for (const r of await deps.reviews.aboutSince([...since.keys()], low)) {
      if (r.seq <= (since.get(r.userId) ?? 0)) continue;
      // A waiting review (issue 40) was never shown to anyone: not even its tombstone travels (it would
      // tell every holder who gave which score). Its promotion takes a new seq and is sent then.
      if (r.waiting) continue;
      if (r.deleted && (since.get(r.userId) ?? 0) === 0) continue;
      revs.push({ doc: reviewOf(r), seq: r.seq });
    }
    if (revs.length) out.reviews = revs;
    if (reset.length) out.reviewsReset = reset;
    out.upTo = await deps.counters.get('seq');
  }
  return out;
}

/**
 * Sends every change of a held key to the sockets holding it. Services call `tx.publicChanged(['announcements'
 * | 'profiles' | 'reviews'])`; after their commit the feed reads the rows changed since its last pass (a range of
 * the seq index, so its cost follows the changes, not the catalogue) and routes each to its holders,
 * with the visibility of each socket's person. Writers commit in seq order, so no change is skipped.
 * Passes run one after another (each awaits the previous one), the first after the starting seq is read.
 */
export function heldFeed(
  deps: HeldDeps,
  registry: HeldRegistry,
  watches: ListingWatches = new ListingWatches(),
  onError: (err: unknown) => void = (err) => console.error('held feed pass failed', err),
) {
  let cursor = 0;
  let scheduled = false;
  const PAGE = 1000;
  let last: Promise<void> = deps.counters
    .get('seq')
    .then((seq) => {
      cursor = seq;
    })
    .catch(onError);

  const all = async <R extends { seq: number }>(
    read: (after: number, upTo: number, n: number) => Promise<R[]>,
    upTo: number,
  ) => {
    const rows: R[] = [];
    let after = cursor;
    for (;;) {
      const page = await read(after, upTo, PAGE);
      rows.push(...page);
      if (page.length < PAGE) return rows;
      after = page.at(-1)!.seq;
    }
  };

  async function pass() {
    scheduled = false;
    // A pass scheduled by the last commit before the server closed finds the database closed.
    if (!deps.counters.available()) return;
    const upTo = await deps.counters.get('seq');
    if (upTo <= cursor) return;
    const out = new Map<WebSocket, HeldDocs>();
    const add = (socket: WebSocket, kind: HeldKind, doc: HeldDoc) => {
      const docs = out.get(socket) ?? {};
      const list = docs[kind] ?? [];
      list.push(doc);
      docs[kind] = list;
      out.set(socket, docs);
    };
    /** Open listings this pass's rows now match (listing-watch.ts). */
    const matched = new Map<WebSocket, string[]>();
    for (const r of await all<AnnouncementRow>(deps.announcements.changedBetween, upTo)) {
      for (const s of watches.matching(r)) matched.set(s, [...(matched.get(s) ?? []), r.id]);
      const targets = new Set([
        ...registry.holders('announcements', r.id),
        ...registry.ownerSockets(r.ownerId),
      ]);
      for (const s of targets)
        add(s, 'announcements', { doc: forCaller(r, { userId: registry.userOf(s) }), seq: r.seq });
    }
    for (const u of await all<UserRow>(deps.users.changedBetween, upTo)) {
      for (const s of registry.holders('profiles', u.id))
        add(s, 'profiles', { doc: profileOf(u), seq: u.seq });
    }
    for (const r of await all<ReviewRow>(deps.reviews.changedBetween, upTo)) {
      if (r.waiting) continue; // never shown: nothing to send (see catchUp)
      for (const s of registry.holders('reviews', r.userId))
        add(s, 'reviews', { doc: reviewOf(r), seq: r.seq });
    }
    cursor = upTo;
    // Through each socket's back-pressure (socket-backlog.ts): a socket that does not read is closed
    // rather than queued more, and catches up from its held seqs when it reconnects.
    for (const [socket, docs] of out) {
      const msg: ServerMessage = { type: 'event', name: HELD_EVENT, payload: docs };
      sendTo(socket, JSON.stringify(msg));
    }
    for (const [socket, ids] of matched) {
      const msg: ServerMessage = { type: 'event', name: LISTING_EVENT, payload: { ids } };
      sendTo(socket, JSON.stringify(msg));
    }
  }

  /** Queues a pass after the previous one; resolves when it has sent its changes. */
  const run = (): Promise<void> => {
    last = last.then(pass).catch((err) => {
      if (deps.counters.available()) onError(err);
    });
    return last;
  };

  return {
    /** Called after a commit touched announcements, profiles or reviews; coalesced into one pass. */
    changed(): void {
      if (scheduled) return;
      scheduled = true;
      setImmediate(run);
    },
    /** Runs the pending pass now (before answering a hold, and in tests); resolves once it is sent. */
    flush: run,
  };
}
export type HeldFeed = ReturnType<typeof heldFeed>;
