import type { WebSocket } from 'ws';
import { HELD_KINDS, HELD_LIMITS, type HeldKeys, type HeldKind } from '../../../schema/sync.ts';

/**
 * Which socket holds which public keys (the working sets, issue 11; replication/held.ts sends them their
 * changes). Bounded per socket and kind, and per instance in all (issue 21, item 3).
 */

type Entry = { userId: string | null; own: boolean; keys: Record<HeldKind, Set<string>> };

/** Why a hold was refused: more than one socket may hold, or more than this instance holds in all. */
export type HoldRefusal = 'too-many' | 'server-full';

export class HeldRegistry {
  private bySocket = new Map<WebSocket, Entry>();
  /** Keys held by every socket together (HELD_LIMITS.maxKeysPerServer). */
  private total = 0;

  constructor(private readonly maxTotal: number = HELD_LIMITS.maxKeysPerServer) {}

  /** Keys held by every socket of this instance together. */
  get heldKeys(): number {
    return this.total;
  }
  /**
   * Who holds each key: the socket itself while only one does (most keys: a Set per key cost ~150 bytes
   * more, 100 guest sockets × 4,000 keys made that tens of MB), a Set from the second holder on.
   */
  private index: Record<HeldKind, Map<string, WebSocket | Set<WebSocket>>> = {
    announcements: new Map(),
    profiles: new Map(),
    reviews: new Map(),
  };
  /** Signed-in sockets that hold all of their person's announcements. */
  private owners = new Map<string, Set<WebSocket>>();

  private entry(socket: WebSocket, userId: string | null): Entry {
    let e = this.bySocket.get(socket);
    if (!e) {
      e = { userId, own: false, keys: { announcements: new Set(), profiles: new Set(), reviews: new Set() } };
      this.bySocket.set(socket, e);
    }
    return e;
  }

  /**
   * Adds keys (or, with `replace`, makes them the whole set, `own` included); nothing changes and the
   * reason is answered when any kind would exceed its limit for the socket, or the instance its total.
   */
  hold(
    socket: WebSocket,
    userId: string | null,
    keys: HeldKeys,
    opts: { replace: boolean; own: boolean },
  ): HoldRefusal | null {
    const e = this.entry(socket, userId);
    let after = this.total;
    const fits = HELD_KINDS.every((kind) => {
      const wanted = new Set((keys[kind] ?? []).map(([k]) => k));
      // Keys already held do not count again: a device re-holds what it shows again.
      const base = opts.replace ? 0 : e.keys[kind].size;
      const added = opts.replace ? wanted.size : [...wanted].filter((k) => !e.keys[kind].has(k)).length;
      after += base + added - e.keys[kind].size;
      return base + added <= HELD_LIMITS.maxKeysPerKind;
    });
    if (!fits) return 'too-many';
    // Only growth is refused: a device that replaces its set by a smaller one always may.
    if (after > this.maxTotal && after > this.total) return 'server-full';
    for (const kind of HELD_KINDS) {
      if (opts.replace) this.release(socket, kind, [...e.keys[kind]]);
      const set = e.keys[kind];
      for (const [key] of keys[kind] ?? []) {
        if (set.has(key)) continue;
        set.add(key);
        this.total++;
        const holders = this.index[kind].get(key);
        if (!holders) this.index[kind].set(key, socket);
        else if (holders instanceof Set) holders.add(socket);
        else if (holders !== socket) this.index[kind].set(key, new Set([holders, socket]));
      }
    }
    if (opts.own && userId) this.holdOwn(socket, userId);
    else if (opts.replace) this.dropOwn(socket);
    return null;
  }

  private holdOwn(socket: WebSocket, userId: string): void {
    this.entry(socket, userId).own = true;
    const set = this.owners.get(userId) ?? new Set<WebSocket>();
    set.add(socket);
    this.owners.set(userId, set);
  }

  private dropOwn(socket: WebSocket): void {
    const e = this.bySocket.get(socket);
    if (!e?.own || !e.userId) return;
    e.own = false;
    const set = this.owners.get(e.userId);
    set?.delete(socket);
    if (set?.size === 0) this.owners.delete(e.userId);
  }

  release(socket: WebSocket, kind: HeldKind, keys: string[]): void {
    const e = this.bySocket.get(socket);
    if (!e) return;
    for (const key of keys) {
      if (!e.keys[kind].delete(key)) continue;
      this.total--;
      const holders = this.index[kind].get(key);
      if (holders === socket) this.index[kind].delete(key);
      else if (holders instanceof Set) {
        holders.delete(socket);
        if (holders.size === 1) this.index[kind].set(key, holders.values().next().value!);
        else if (holders.size === 0) this.index[kind].delete(key);
      }
    }
  }

  remove(socket: WebSocket): void {
    const e = this.bySocket.get(socket);
    if (!e) return;
    for (const kind of HELD_KINDS) this.release(socket, kind, [...e.keys[kind]]);
    if (e.userId) {
      const set = this.owners.get(e.userId);
      set?.delete(socket);
      if (set?.size === 0) this.owners.delete(e.userId);
    }
    this.bySocket.delete(socket);
  }

  holders(kind: HeldKind, key: string): Iterable<WebSocket> {
    const holders = this.index[kind].get(key);
    if (!holders) return [];
    return holders instanceof Set ? holders : [holders];
  }
  ownerSockets(userId: string): Iterable<WebSocket> {
    return this.owners.get(userId) ?? [];
  }
  userOf(socket: WebSocket): string | null {
    return this.bySocket.get(socket)?.userId ?? null;
  }
  heldCount(socket: WebSocket, kind: HeldKind): number {
    return this.bySocket.get(socket)?.keys[kind].size ?? 0;
  }
}
