import type { WebSocket } from 'ws';
import {
  CLOSE_CODES,
  COLLECTION_VERSIONS,
  HELD_KINDS,
  type HeldKind,
  type ServerMessage,
} from '../../../schema/sync.ts';
import type { RealtimeEvent } from './bus.ts';
import { sendTo } from './socket-backlog.ts';

/** Whether a session (token hash) is still live; may ask the database. */
export type SessionCheck = (session: string) => boolean | Promise<boolean>;

/**
 * The sockets this instance holds, indexed by user for fan-out, and what each has open on screen. Only
 * local delivery lives here: every cross-user effect reaches it through the bus (replication/bus.ts), so
 * on several instances each one delivers what it hears to its own sockets, and nothing else.
 * Public changes poke everybody; private ones only the users whose view they touch — found through the
 * index, so a private poke costs the recipients' sockets, not every socket held. The poke carries no data:
 * each client pulls what its scope allows.
 */
export class SocketRegistry {
  private sockets = new Map<WebSocket, string | null>();
  private byUser = new Map<string, Set<WebSocket>>();
  /** The conversation each socket has open on screen, for "no notification while looking". */
  private viewing = new Map<WebSocket, string>();
  /** The session (token hash) each signed-in socket authenticated with. */
  private sessionOf = new Map<WebSocket, string>();
  private heldChanged: () => void = () => undefined;

  constructor(private sessionLive: SessionCheck = () => false) {}

  /** How a revocation heard from the bus checks which of this instance's sockets' sessions ended. */
  checkSessionsWith(fn: SessionCheck): void {
    this.sessionLive = fn;
  }
  /** Announcements, profiles and reviews are not pulled: their changes go to the working-set feed. */
  onHeldChange(fn: () => void): void {
    this.heldChanged = fn;
  }

  add(socket: WebSocket, userId: string | null, session: string | null = null): void {
    this.sockets.set(socket, userId);
    if (session) this.sessionOf.set(socket, session);
    if (!userId) return;
    const set = this.byUser.get(userId) ?? new Set<WebSocket>();
    set.add(socket);
    this.byUser.set(userId, set);
  }
  /** Forgets a socket; answers its user when it was viewing a conversation (their viewing changed). */
  remove(socket: WebSocket): string | null {
    const userId = this.sockets.get(socket) ?? null;
    const wasViewing = this.viewing.delete(socket);
    this.sockets.delete(socket);
    this.sessionOf.delete(socket);
    if (!userId) return null;
    const set = this.byUser.get(userId);
    set?.delete(socket);
    if (set?.size === 0) this.byUser.delete(userId);
    return wasViewing ? userId : null;
  }
  userOf(socket: WebSocket): string | null {
    return this.sockets.get(socket) ?? null;
  }
  setViewing(socket: WebSocket, conversationId: string | null): void {
    if (conversationId) this.viewing.set(socket, conversationId);
    else this.viewing.delete(socket);
  }
  isViewing(userId: string, conversationId: string): boolean {
    for (const socket of this.byUser.get(userId) ?? []) {
      if (this.viewing.get(socket) === conversationId) return true;
    }
    return false;
  }
  /** The conversations a user has open on this instance's sockets. */
  viewedBy(userId: string): string[] {
    const out = new Set<string>();
    for (const socket of this.byUser.get(userId) ?? []) {
      const c = this.viewing.get(socket);
      if (c) out.add(c);
    }
    return [...out];
  }
  /** Every user viewing something here, with what they view (a snapshot for the other instances). */
  allViewing(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [socket, c] of this.viewing) {
      const userId = this.sockets.get(socket);
      if (!userId) continue;
      const list = out[userId] ?? [];
      if (!list.includes(c)) list.push(c);
      out[userId] = list;
    }
    return out;
  }
  get size(): number {
    return this.sockets.size;
  }

  /** Delivers one event heard from the bus to this instance's sockets. */
  deliver(event: RealtimeEvent): void {
    switch (event.type) {
      case 'poke': {
        const pulled = event.collections.filter((c) => !HELD_KINDS.includes(c as HeldKind));
        if (pulled.length < event.collections.length) this.heldChanged();
        if (pulled.length > 0) this.broadcast({ type: 'poke', collections: pulled }, event.userIds);
        return;
      }
      case 'emit':
        this.broadcast({ type: 'event', name: event.name, payload: event.payload }, event.userIds);
        return;
      case 'disconnect':
        for (const socket of [...(this.byUser.get(event.userId) ?? [])]) {
          socket.close(CLOSE_CODES.unauthorized, 'session revoked');
        }
        return;
      case 'revoke':
        this.closeRevoked(event.revocation);
        return;
      case 'viewing':
        return; // kept by the bus (the union over instances); this instance's own viewing is already here
    }
  }

  /**
   * Events may have been missed (the bus lost its connection for a while): every socket is poked for
   * every pulled collection and the held feed re-reads, so clients pull from their checkpoints and catch up.
   */
  resync(): void {
    this.heldChanged();
    const pulled = Object.keys(COLLECTION_VERSIONS).filter((c) => !HELD_KINDS.includes(c as HeldKind));
    this.broadcast({ type: 'poke', collections: pulled }, null);
  }

  /** Every socket, or only those of `userIds`. */
  private *targets(userIds: readonly string[] | null): Iterable<WebSocket> {
    if (!userIds) {
      yield* this.sockets.keys();
      return;
    }
    for (const userId of new Set(userIds)) yield* this.byUser.get(userId) ?? [];
  }

  /**
   * Through each socket's back-pressure (socket-backlog.ts): a socket past its bound is closed, not
   * queued more; it catches up when it reconnects.
   */
  private broadcast(msg: ServerMessage, userIds: readonly string[] | null): void {
    const raw = JSON.stringify(msg);
    for (const socket of this.targets(userIds)) sendTo(socket, raw);
  }

  /**
   * After a revocation: closes (as unauthorized) the sockets of that session, or of that user, whose
   * session is no longer live; the user's other sessions stay connected. Finding one session's sockets
   * walks every socket: revocations are rare, requests are not, so no extra index is kept for them.
   */
  private closeRevoked(r: { tokenHash: string } | { userId: string }): void {
    const candidates =
      'userId' in r
        ? [...(this.byUser.get(r.userId) ?? [])]
        : [...this.sessionOf].filter(([, h]) => h === r.tokenHash).map(([socket]) => socket);
    for (const socket of candidates) {
      const session = this.sessionOf.get(socket);
      if (!session) continue;
      const live = this.sessionLive(session);
      const close = (isLive: boolean) => {
        if (!isLive) socket.close(CLOSE_CODES.unauthorized, 'session revoked');
      };
      // A check that fails closes too: a live session simply reconnects, an ended one must not stay open.
      if (live instanceof Promise) live.then(close, () => close(false));
      else close(live);
    }
  }

  closeAll(): void {
    for (const socket of this.sockets.keys()) socket.close(1001, 'server shutdown');
    this.sockets.clear();
    this.byUser.clear();
    this.viewing.clear();
    this.sessionOf.clear();
  }
}
