import type { WebSocket } from 'ws';
import { HELD_KINDS, HELD_LIMITS, type HeldKeys, type HeldKind } from '../../../schema/sync.ts';

/**
 * Which socket holds which public keys (the working sets, issue 11; replication/held.ts sends them their
 * changes). Bounded per socket and kind, per instance in all (issue 21, item 3), and shared fairly: one
 * network address and one account hold at most their share of the instance (issue 40, item 10).
 */

type Entry = {
  userId: string | null;
  /** The socket's network address (clientAddress: IPv4, IPv6 /64); '' when not told. */
  address: string;
  own: boolean;
  keys: Record<HeldKind, Set<string>>;
};

/**
 * Why a hold was refused: more than one socket may hold (a bad request), more than this instance holds in
 * all, or more than the share of the socket's address or account ('rate-limited').
 */
export type HoldRefusal = 'too-many' | 'server-full' | 'address-full' | 'account-full';

export type HeldShares = { perAddress: number; perAccount: number };

export class HeldRegistry {
  private bySocket = new Map<WebSocket, Entry>();
  /** Keys held by every socket together (HELD_LIMITS.maxKeysPerServer). */
  private total = 0;
  /** Keys held by the sockets of each address and of each account (only those holding any). */
  private perAddress = new Map<string, number>();
  private perAccount = new Map<string, number>();

  constructor(
    private readonly maxTotal: number = HELD_LIMITS.maxKeysPerServer,
    private readonly shares: HeldShares = {
      perAddress: HELD_LIMITS.maxKeysPerAddress,
      perAccount: HELD_LIMITS.maxKeysPerAccount,
    },
  ) {}

  /** Keys held by every socket of this instance together. */
  get heldKeys(): number {
    return this.total;
  }
  /** Keys held by the sockets of one address, or of one account. */
  heldBy(who: { address: string } | { userId: string }): number {
    return 'address' in who
      ? (this.perAddress.get(who.address) ?? 0)
      : (this.perAccount.get(who.userId) ?? 0);
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

  private entry(socket: WebSocket, userId: string | null, address = ''): Entry {
    let e = this.bySocket.get(socket);
    if (!e) {
      const keys = {
        announcements: new Set<string>(),
        profiles: new Set<string>(),
        reviews: new Set<string>(),
      };
      e = { userId, address, own: false, keys };
      this.bySocket.set(socket, e);
    }
    return e;
  }

  /** Counts `n` keys more (or fewer) for the socket's address and account. */
  private count(e: Entry, n: number): void {
    if (n === 0) return;
    this.total += n;
    const add = (map: Map<string, number>, key: string) => {
      const v = (map.get(key) ?? 0) + n;
      if (v > 0) map.set(key, v);
      else map.delete(key);
    };
    if (e.address) add(this.perAddress, e.address);
    if (e.userId) add(this.perAccount, e.userId);
  }

  /**
   * Adds keys (or, with `replace`, makes them the whole set, `own` included); nothing changes and the
   * reason is answered when any kind would exceed its limit for the socket, the socket's address or
   * account its share, or the instance its total. `address`: the socket's network address (the first
   * hold of a socket names it; clientAddress in plugins/write-limits.ts).
   */
  hold(
    socket: WebSocket,
    userId: string | null,
    keys: HeldKeys,
    opts: { replace: boolean; own: boolean; address?: string },
  ): HoldRefusal | null {
    const e = this.entry(socket, userId, opts.address);
    let growth = 0;
    const fits = HELD_KINDS.every((kind) => {
      const wanted = new Set((keys[kind] ?? []).map(([k]) => k));
      // Keys already held do not count again: a device re-holds what it shows again.
      const base = opts.replace ? 0 : e.keys[kind].size;
      const added = opts.replace ? wanted.size : [...wanted].filter((k) => !e.keys[kind].has(k)).length;
      growth += base + added - e.keys[kind].size;
      return base + added <= HELD_LIMITS.maxKeysPerKind;
    });
    if (!fits) return 'too-many';
    // Only growth is refused: a device that replaces its set by a smaller one always may. The shares come
    // first: an address past its own is told so even when the instance is full as well.
    if (growth > 0) {
      if (e.address && this.heldBy({ address: e.address }) + growth > this.shares.perAddress)
        return 'address-full';
      if (e.userId && this.heldBy({ userId: e.userId }) + growth > this.shares.perAccount)
        return 'account-full';
      if (this.total + growth > this.maxTotal) return 'server-full';
    }
    for (const kind of HELD_KINDS) {
      if (opts.replace) this.release(socket, kind, [...e.keys[kind]]);
      const set = e.keys[kind];
      const before = set.size;
      for (const [key] of keys[kind] ?? []) {
        if (set.has(key)) continue;
        set.add(key);
        const holders = this.index[kind].get(key);
        if (!holders) this.index[kind].set(key, socket);
        else if (holders instanceof Set) holders.add(socket);
        else if (holders !== socket) this.index[kind].set(key, new Set([holders, socket]));
      }
      this.count(e, set.size - before);
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
    const before = e.keys[kind].size;
    for (const key of keys) {
      if (!e.keys[kind].delete(key)) continue;
      const holders = this.index[kind].get(key);
      if (holders === socket) this.index[kind].delete(key);
      else if (holders instanceof Set) {
        holders.delete(socket);
        if (holders.size === 1) this.index[kind].set(key, holders.values().next().value!);
        else if (holders.size === 0) this.index[kind].delete(key);
      }
    }
    this.count(e, e.keys[kind].size - before);
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

  /**
   * Whether a hold of `n` keys by this socket must be refused for a share already full, before it is
   * even parsed (socket.ts): more keys than the socket holds means some are new, and its address or
   * account has no room left for any.
   */
  shareFull(socket: WebSocket, userId: string | null, address: string, n: number): HoldRefusal | null {
    const e = this.bySocket.get(socket);
    const held = e ? HELD_KINDS.reduce((t, kind) => t + e.keys[kind].size, 0) : 0;
    if (n <= held) return null;
    if (address && this.heldBy({ address }) >= this.shares.perAddress) return 'address-full';
    if (userId && this.heldBy({ userId }) >= this.shares.perAccount) return 'account-full';
    return null;
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
