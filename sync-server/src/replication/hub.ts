import type { WebSocket } from 'ws';
import { CLOSE_CODES, HELD_KINDS, type HeldKind, type ServerMessage } from '../../../schema/sync.ts';

/**
 * Authenticated sockets, indexed by user for fan-out. Public changes poke everybody; private ones only
 * the users whose view they touch — found through the index, so a private poke costs the recipients'
 * sockets, not every socket held. The poke carries no data: each client pulls what its scope allows.
 */
export class RealtimeHub {
  private sockets = new Map<WebSocket, string | null>();
  private byUser = new Map<string, Set<WebSocket>>();
  /** The conversation each socket has open on screen, for "no notification while looking". */
  private viewing = new Map<WebSocket, string>();
  /** The session (token hash) each signed-in socket authenticated with. */
  private sessionOf = new Map<WebSocket, string>();

  add(socket: WebSocket, userId: string | null, session: string | null = null): void {
    this.sockets.set(socket, userId);
    if (session) this.sessionOf.set(socket, session);
    if (!userId) return;
    const set = this.byUser.get(userId) ?? new Set<WebSocket>();
    set.add(socket);
    this.byUser.set(userId, set);
  }
  remove(socket: WebSocket): void {
    const userId = this.sockets.get(socket);
    this.sockets.delete(socket);
    this.viewing.delete(socket);
    this.sessionOf.delete(socket);
    if (!userId) return;
    const set = this.byUser.get(userId);
    set?.delete(socket);
    if (set?.size === 0) this.byUser.delete(userId);
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
  get size(): number {
    return this.sockets.size;
  }

  /** Every socket, or only those of `userIds`. */
  private *targets(userIds?: Iterable<string>): Iterable<WebSocket> {
    if (!userIds) {
      yield* this.sockets.keys();
      return;
    }
    for (const userId of new Set(userIds)) yield* this.byUser.get(userId) ?? [];
  }

  private broadcast(msg: ServerMessage, userIds?: Iterable<string>): void {
    const raw = JSON.stringify(msg);
    for (const socket of this.targets(userIds)) {
      if (socket.readyState === socket.OPEN) socket.send(raw);
    }
  }

  private heldChanged: () => void = () => undefined;
  /** Announcements, profiles and reviews are not pulled: their changes go to the working-set feed. */
  onHeldChange(fn: () => void): void {
    this.heldChanged = fn;
  }

  /** Tell clients that collections changed; `userIds` limits it to those users (private data). */
  poke(collections: string[], userIds?: Iterable<string>): void {
    const pulled = collections.filter((c) => !HELD_KINDS.includes(c as HeldKind));
    if (pulled.length < collections.length) this.heldChanged();
    if (pulled.length > 0) this.broadcast({ type: 'poke', collections: pulled }, userIds);
  }

  /** A named real-time event of the spec (announcementCreated, newMessage, …). */
  emit(name: string, payload: unknown, userIds?: Iterable<string>): void {
    this.broadcast({ type: 'event', name, payload }, userIds);
  }

  /** Closes a user's sockets (sessions revoked or account deleted): their devices re-authenticate. */
  disconnect(userId: string): void {
    for (const socket of [...(this.byUser.get(userId) ?? [])]) {
      socket.close(CLOSE_CODES.unauthorized, 'session revoked');
    }
  }

  /**
   * After a revocation: closes (as unauthorized) the sockets of that session, or of that user, whose
   * session is no longer live; the user's other sessions stay connected. Finding one session's sockets
   * walks every socket: revocations are rare, requests are not, so no extra index is kept for them.
   */
  async closeRevoked(
    r: { tokenHash: string } | { userId: string },
    isLive: (session: string) => boolean | Promise<boolean>,
  ): Promise<void> {
    const candidates =
      'userId' in r
        ? [...(this.byUser.get(r.userId) ?? [])]
        : [...this.sessionOf].filter(([, h]) => h === r.tokenHash).map(([socket]) => socket);
    for (const socket of candidates) {
      const session = this.sessionOf.get(socket);
      if (session && !(await isLive(session))) socket.close(CLOSE_CODES.unauthorized, 'session revoked');
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
