import type { WebSocket } from 'ws';
import type { EffectSink } from '../lib/unit-of-work.ts';
import { LocalBus, type RealtimeBus, type Revocation } from './bus.ts';
import { type SessionCheck, SocketRegistry } from './socket-registry.ts';

/**
 * What the server calls for real time: this instance's sockets (the registry, local) and the bus every
 * effect for other users goes through (LocalBus in one process, PgBus across instances). Pokes, events,
 * closing sockets and viewing changes are published, never delivered directly: each instance — the
 * publisher included — delivers what it hears. It is the unit of work's EffectSink.
 */
export class RealtimeHub implements EffectSink {
  readonly registry: SocketRegistry;

  constructor(
    readonly bus: RealtimeBus = new LocalBus(),
    sessionLive?: SessionCheck,
  ) {
    this.registry = new SocketRegistry(sessionLive);
    bus.attach(this.registry);
  }

  /** Connects the bus (PgBus: LISTEN); nothing to do for LocalBus. */
  start(): Promise<void> {
    return this.bus.start();
  }
  /** How revocations heard from the bus check the sessions of this instance's sockets. */
  checkSessionsWith(fn: SessionCheck): void {
    this.registry.checkSessionsWith(fn);
  }
  onHeldChange(fn: () => void): void {
    this.registry.onHeldChange(fn);
  }

  add(socket: WebSocket, userId: string | null, session: string | null = null): void {
    this.registry.add(socket, userId, session);
  }
  remove(socket: WebSocket): void {
    const userId = this.registry.remove(socket);
    if (userId) this.publishViewing(userId);
  }
  setViewing(socket: WebSocket, conversationId: string | null): void {
    const userId = this.registry.userOf(socket);
    const before = userId ? this.registry.viewedBy(userId).join('\n') : '';
    this.registry.setViewing(socket, conversationId);
    if (userId && this.registry.viewedBy(userId).join('\n') !== before) this.publishViewing(userId);
  }
  /** Whether the user has this conversation open on screen, on any instance. */
  isViewing(userId: string, conversationId: string): boolean {
    return this.bus.isViewing(userId, conversationId);
  }
  /**
   * Resolves once everything this instance published so far has been delivered to its own sockets (at
   * once in one process; with PgBus, when its own marker comes back). For tests that wait for real time.
   */
  settled(): Promise<void> {
    return this.bus.settled();
  }
  /** Sockets held by this instance. */
  get size(): number {
    return this.registry.size;
  }

  /** Tell clients that collections changed; `userIds` limits it to those users (private data). */
  poke(collections: string[], userIds?: Iterable<string>): void {
    this.bus.publish({ type: 'poke', collections: [...collections], userIds: userIds ? [...userIds] : null });
  }
  /** A named real-time event of the spec (announcementCreated, newMessage, userTyping, …). */
  emit(name: string, payload: unknown, userIds?: Iterable<string>): void {
    this.bus.publish({ type: 'emit', name, payload, userIds: userIds ? [...userIds] : null });
  }
  /** Closes a user's sockets on every instance (account deleted): their devices re-authenticate. */
  disconnect(userId: string): void {
    this.bus.publish({ type: 'disconnect', userId });
  }
  /**
   * After a revocation: on every instance, the sockets of that session, or of that user, whose session
   * is no longer live close (as unauthorized); the user's other sessions stay connected.
   */
  closeRevoked(revocation: Revocation): void {
    this.bus.publish({ type: 'revoke', revocation });
  }

  /** Shutdown: this instance's sockets close, then the bus. */
  async close(): Promise<void> {
    this.registry.closeAll();
    await this.bus.close();
  }

  private publishViewing(userId: string): void {
    this.bus.publish({ type: 'viewing', userId, conversations: this.registry.viewedBy(userId) });
  }
}
