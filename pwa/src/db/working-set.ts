import { type HeldRow, heldKey } from '../../../schema/rx/held.ts';
import {
  HELD_EVENT,
  HELD_KINDS,
  type HeldDoc,
  type HeldDocs,
  type HeldKeys,
  type HeldKind,
  type QueryResult,
} from '../../../schema/sync.ts';
import { markCaughtUp } from './registry.ts';
import type { SyncClient } from './sync-client.ts';
import { ConnectionLost } from './sync-requests.ts';
import type { HobbizDatabase } from './types.ts';
import { type Budget, deviceBudget, forgetPhotos, PhotoTrimmer } from './working-set-budget.ts';

type Doc = { id: string; _deleted?: boolean } & Record<string, unknown>;

/**
 * A reconnect's hold the server refused ('rate-limited': the instance, the address's or the account's
 * share of held keys is full, or the socket is past its back-pressure bound; issue 40) is sent again
 * after this long (±25 %) while the socket stays up: without it the device would get no live change of
 * what it shows until its next reconnect. A lost connection is not retried here: 'online' resends.
 */
export const HOLD_RETRY_MS = 30_000;
/** What pins keys on this device, beyond the budget (see pinned()). */
export type PinSource = { pendingIds(): Promise<string[]> };

/**
 * The device's working set (issue 11, docs/decisions.md "Working set"). Announcements, profiles and
 * reviews are not replicated from the beginning: the device holds what it has shown plus what is pinned
 * (favourites, own announcements, the announcements and people of its conversations, pending publishes,
 * the person's own profile and reviews). On every connect it sends its keys with the seq of its copies
 * and gets only what changed; the server then sends every change of a held key as it happens. Past the
 * budget, keys nobody pinned are evicted, least recently used first.
 */
export class WorkingSet {
  private chain: Promise<unknown> = Promise.resolve();
  private readonly photos = new PhotoTrimmer();
  private subs: { unsubscribe(): void }[] = [];
  constructor(
    private readonly db: HobbizDatabase,
    private readonly client: SyncClient,
    private readonly userId: string | null,
    private readonly pins: PinSource,
    private readonly limits: Budget = deviceBudget(),
  ) {
    this.subs.push(
      client.status$.subscribe((s) => {
        if (s === 'online') void this.reconnected();
      }),
      client.events$.subscribe((e) => {
        if (e.name === HELD_EVENT) void this.serial(() => this.apply(e.payload as HeldDocs, false));
      }),
      // Favourites and conversations pin their announcements (and people): hold the new ones at once.
      db.favorites.find().$.subscribe(() => void this.holdPinned()),
    );
    if (db.collections.conversations) {
      this.subs.push(db.conversations.find().$.subscribe(() => void this.holdPinned()));
    }
    void this.serial(() => this.dropUnheld()).catch(() => undefined);
  }

  /**
   * Documents with no key in the working set leave the device: a phone that replicated the whole
   * catalogue before the working set existed (sync protocol 1) would otherwise keep tens of thousands
   * of copies that nothing updates or evicts. Pinned ones come back at once through holdPinned().
   */
  private async dropUnheld(): Promise<void> {
    const held = async (kind: HeldKind) =>
      new Set((await this.db.held.find({ selector: { kind } }).exec()).map((d) => d.ref));
    for (const kind of ['announcements', 'profiles'] as const) {
      const keep = await held(kind);
      const stale = (await this.db.collections[kind].find().exec())
        .map((d) => d.primary)
        .filter((id) => !keep.has(id));
      if (stale.length) await this.db.collections[kind].bulkRemove(stale);
    }
    const subjects = await held('reviews');
    const stale = (await this.db.reviews.find().exec())
      .filter((d) => !subjects.has(d.userId))
      .map((d) => d.id);
    if (stale.length) await this.db.reviews.bulkRemove(stale);
  }

  stop(): void {
    this.stopped = true;
    if (this.holdRetry) clearTimeout(this.holdRetry);
    this.photos.stop();
    for (const s of this.subs) s.unsubscribe();
  }
  /** Stopped (signing out, switching account): the database closes next; no write is started or reported. */
  private stopped = false;

  private lastUse = 0;
  /** A use time later than every one given before (Date.now() when the clock has moved on). */
  private tick(): number {
    this.lastUse = Math.max(this.lastUse + 1, Date.now());
    return this.lastUse;
  }

  /** Runs working-set writes one after another (applies, touches and evictions never interleave). */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    // Once stopped, nothing more is written, and a write the closing database cut short (RxDB's COL21,
    // seen as an uncaught page error at log out) is not an error: the device's data is leaving anyway.
    const run = async (): Promise<T> => {
      if (this.stopped) return undefined as T;
      try {
        return await fn();
      } catch (err) {
        if (this.stopped) return undefined as T;
        throw err;
      }
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  private holdRetry: ReturnType<typeof setTimeout> | null = null;

  private async reconnected(): Promise<void> {
    if (this.holdRetry) clearTimeout(this.holdRetry);
    this.holdRetry = null;
    try {
      await this.serial(async () => {
        const rows = (await this.db.held.find().exec()).map((d) => d.toJSON() as HeldRow);
        const keys: HeldKeys = {};
        for (const r of rows) {
          const list = keys[r.kind] ?? [];
          list.push([r.ref, r.seq]);
          keys[r.kind] = list;
        }
        const docs = await this.client.request<HeldDocs>({
          type: 'hold',
          keys,
          replace: true,
          own: this.userId !== null,
        });
        await this.apply(
          docs,
          false,
          keys.reviews?.map(([ref]) => ref),
        );
      });
      for (const kind of HELD_KINDS) markCaughtUp(this.db, kind);
      await this.holdPinned();
    } catch (err) {
      // The socket went away again: the next 'online' resends. A refusal from the server: ask again later.
      if (this.stopped || err instanceof ConnectionLost) return;
      const wait = HOLD_RETRY_MS * (0.75 + Math.random() / 2);
      this.holdRetry = setTimeout(() => {
        this.holdRetry = null;
        if (!this.stopped && this.client.status$.value === 'online') void this.reconnected();
      }, wait);
    }
  }

  /**
   * Documents the person is looking at (a listing page, the home carousel, a detail): stored, marked as
   * just used, and held. `registered`: the server already holds them for this socket (query answers).
   */
  show(kind: HeldKind, items: HeldDoc[], registered: boolean): Promise<void> {
    return this.serial(async () => {
      await this.apply({ [kind]: items }, true);
      if (!registered && this.client.status$.value === 'online') {
        const keys = items.map((i): [string, number] => {
          const d = i.doc as Doc;
          return [kind === 'reviews' ? String(d.userId) : d.id, i.seq];
        });
        const docs = await this.client.request<HeldDocs>({ type: 'hold', keys: { [kind]: keys } });
        await this.apply(docs, false);
      }
      await this.evict();
    });
  }

  /** Keys to hold whose documents the device may not have yet (seq 0 = send me everything). */
  hold(kind: HeldKind, refs: string[]): Promise<void> {
    if (refs.length === 0) return Promise.resolve();
    return this.serial(async () => {
      const known = await this.db.held.findByIds(refs.map((r) => heldKey(kind, r))).exec();
      const keys: [string, number][] = refs.map((r) => [r, known.get(heldKey(kind, r))?.seq ?? 0]);
      await this.db.held.bulkUpsert(
        refs.map((ref) => ({
          key: heldKey(kind, ref),
          kind,
          ref,
          seq: known.get(heldKey(kind, ref))?.seq ?? 0,
          usedAt: this.tick(),
        })),
      );
      if (this.client.status$.value !== 'online') return;
      const docs = await this.client.request<HeldDocs>({ type: 'hold', keys: { [kind]: keys } });
      await this.apply(docs, false, kind === 'reviews' ? refs : []);
      await this.evict();
    });
  }

  /** A server search page; its announcements land in the working set (readable offline afterwards). */
  async query(params: Record<string, unknown>): Promise<QueryResult> {
    const result = await this.client.request<QueryResult>({ type: 'query', params });
    await this.show('announcements', result.items, true);
    return result;
  }

  /** Stores what the server sent; older copies than the device's are ignored. `touch` marks them used now. */
  private async apply(docs: HeldDocs, touch: boolean, askedSubjects: string[] = []): Promise<void> {
    for (const kind of ['announcements', 'profiles'] as const) {
      const items = docs[kind];
      if (!items?.length) continue;
      const collection = this.db.collections[kind];
      const prev = await this.db.held.findByIds(items.map((i) => heldKey(kind, (i.doc as Doc).id))).exec();
      const upserts: Doc[] = [];
      const removes: string[] = [];
      const rows: HeldRow[] = [];
      for (const { doc, seq } of items) {
        const d = doc as Doc;
        const old = prev.get(heldKey(kind, d.id))?.toJSON() as HeldRow | undefined;
        // Shown now: each key gets its own, later time (a strict order, also across pages shown within
        // the same millisecond), so eviction keeps the most recently shown.
        const usedAt = touch || !old ? this.tick() : old.usedAt;
        // An older copy than the device's (a cached REST answer): only the use is recorded.
        if (old && seq > 0 && seq < old.seq) {
          if (touch) rows.push({ ...old, usedAt });
          continue;
        }
        if (d._deleted) removes.push(d.id);
        else {
          const { _deleted, ...body } = d;
          upserts.push(body as Doc);
        }
        rows.push({ key: heldKey(kind, d.id), kind, ref: d.id, seq, usedAt });
      }
      if (upserts.length) await collection.bulkUpsert(upserts as never[]);
      if (removes.length) await collection.bulkRemove(removes);
      if (rows.length) await this.db.held.bulkUpsert(rows);
    }
    const reviews = docs.reviews ?? [];
    if (reviews.length || docs.reviewsReset?.length || (docs.upTo && askedSubjects.length)) {
      const subjects = new Map<string, number>();
      // Everything about the subjects asked for was sent up to `upTo`: that is now the device's seq.
      for (const subject of askedSubjects) subjects.set(subject, docs.upTo ?? 0);
      for (const { doc, seq } of reviews) {
        const subject = String((doc as Doc).userId);
        subjects.set(subject, Math.max(subjects.get(subject) ?? 0, seq));
      }
      for (const subject of docs.reviewsReset ?? []) {
        const keep = new Set(reviews.map((r) => (r.doc as Doc).id));
        const stale = (await this.db.reviews.find({ selector: { userId: subject } }).exec())
          .map((d) => d.id)
          .filter((id) => !keep.has(id));
        if (stale.length) await this.db.reviews.bulkRemove(stale);
        if (!subjects.has(subject)) subjects.set(subject, 0);
      }
      const gone = reviews.filter((r) => (r.doc as Doc)._deleted).map((r) => (r.doc as Doc).id);
      const live = reviews
        .filter((r) => !(r.doc as Doc)._deleted)
        .map((r) => {
          const { _deleted, ...body } = r.doc as Doc;
          return body;
        });
      if (live.length) await this.db.reviews.bulkUpsert(live as never[]);
      if (gone.length) await this.db.reviews.bulkRemove(gone);
      const prev = await this.db.held
        .findByIds([...subjects.keys()].map((s) => heldKey('reviews', s)))
        .exec();
      await this.db.held.bulkUpsert(
        [...subjects].map(([ref, seq]) => {
          const old = prev.get(heldKey('reviews', ref))?.toJSON() as HeldRow | undefined;
          return {
            key: heldKey('reviews', ref),
            kind: 'reviews' as const,
            ref,
            seq: Math.max(seq, old?.seq ?? 0),
            usedAt: touch || !old ? this.tick() : old.usedAt,
          };
        }),
      );
    }
  }

  /** Keys that are never evicted, by kind. */
  private async pinned(): Promise<Record<HeldKind, Set<string>>> {
    const ann = new Set<string>((await this.db.favorites.find().exec()).map((d) => d.id));
    const people = new Set<string>();
    if (this.userId) {
      people.add(this.userId);
      for (const d of await this.db.announcements.find({ selector: { ownerId: this.userId } }).exec())
        ann.add(d.id);
      if (this.db.collections.conversations) {
        for (const c of await this.db.conversations.find().exec()) {
          ann.add(c.announcementId);
          people.add(c.otherUserId);
        }
      }
      for (const id of await this.pins.pendingIds().catch(() => [])) ann.add(id);
    }
    return { announcements: ann, profiles: people, reviews: new Set(this.userId ? [this.userId] : []) };
  }

  /** Pinned keys the device does not hold yet (a favourite added on another device, a new conversation). */
  private async holdPinned(): Promise<void> {
    if (this.client.status$.value !== 'online') return;
    const pinned = await this.pinned();
    for (const kind of HELD_KINDS) {
      const refs = [...pinned[kind]].filter(Boolean);
      const held = await this.db.held.findByIds(refs.map((r) => heldKey(kind, r))).exec();
      const missing = refs.filter((r) => !held.has(heldKey(kind, r)));
      if (missing.length) await this.hold(kind, missing).catch(() => undefined);
    }
  }

  /** Past the budget, the least recently used unpinned keys leave the device (documents and photos). */
  private async evict(): Promise<void> {
    const pinned = await this.pinned();
    for (const kind of HELD_KINDS) {
      const rows = (await this.db.held.find({ selector: { kind }, sort: [{ usedAt: 'asc' }] }).exec()).map(
        (d) => d.toJSON() as HeldRow,
      );
      const free = rows.filter((r) => !pinned[kind].has(r.ref));
      const excess = free.length - this.limits[kind];
      if (excess <= 0) continue;
      const out = free.slice(0, excess).map((r) => r.ref);
      if (kind === 'reviews') {
        const docs = await this.db.reviews.find({ selector: { userId: { $in: out } } }).exec();
        await this.db.reviews.bulkRemove(docs.map((d) => d.id));
      } else {
        if (kind === 'announcements') await forgetPhotos(await this.db.announcements.findByIds(out).exec());
        await this.db.collections[kind].bulkRemove(out);
      }
      await this.db.held.bulkRemove(out.map((r) => heldKey(kind, r)));
      this.client.release({ [kind]: out });
    }
    this.photos.schedule(
      () => this.db.announcements.findByIds([...pinned.announcements]).exec(),
      this.limits.photoBytes,
    );
  }
}
