import type { WebSocket } from 'ws';
import type { ServerMessage } from '../../../schema/sync.ts';

/**
 * Authenticated sockets by user, for fan-out. Public changes poke everybody; private ones only the
 * users whose view they touch. The poke carries no data: each client pulls what its scope allows.
 */
export class RealtimeHub {
  private sockets = new Map<WebSocket, string | null>();
  /** The conversation each socket has open on screen, for "no notification while looking". */
  private viewing = new Map<WebSocket, string>();

  add(socket: WebSocket, userId: string | null): void {
    this.sockets.set(socket, userId);
  }
  remove(socket: WebSocket): void {
    this.sockets.delete(socket);
    this.viewing.delete(socket);
  }
  setViewing(socket: WebSocket, conversationId: string | null): void {
    if (conversationId) this.viewing.set(socket, conversationId);
    else this.viewing.delete(socket);
  }
  isViewing(userId: string, conversationId: string): boolean {
    for (const [socket, conv] of this.viewing) {
      if (conv === conversationId && this.sockets.get(socket) === userId) return true;
    }
    return false;
  }
  get size(): number {
    return this.sockets.size;
  }

  private send(socket: WebSocket, msg: ServerMessage, raw?: string): void {
    if (socket.readyState === socket.OPEN) socket.send(raw ?? JSON.stringify(msg));
  }

  /** Tell clients that collections changed; `userIds` limits it to those users (private data). */
  poke(collections: string[], userIds?: Iterable<string>): void {
    const msg: ServerMessage = { type: 'poke', collections };
    const raw = JSON.stringify(msg);
    const only = userIds ? new Set(userIds) : null;
    for (const [socket, uid] of this.sockets) {
      if (!only || (uid && only.has(uid))) this.send(socket, msg, raw);
    }
  }

  /** A named real-time event of the spec (announcementCreated, newMessage, …). */
  emit(name: string, payload: unknown, userIds?: Iterable<string>): void {
    const msg: ServerMessage = { type: 'event', name, payload };
    const raw = JSON.stringify(msg);
    const only = userIds ? new Set(userIds) : null;
    for (const [socket, uid] of this.sockets) {
      if (!only || (uid && only.has(uid))) this.send(socket, msg, raw);
    }
  }

  /** Closes a user's sockets (sessions revoked or account deleted): their devices re-authenticate. */
  disconnect(userId: string): void {
    for (const [socket, uid] of this.sockets) if (uid === userId) socket.close(4401, 'session revoked');
  }

  closeAll(): void {
    for (const socket of this.sockets.keys()) socket.close(1001, 'server shutdown');
    this.sockets.clear();
  }
}
