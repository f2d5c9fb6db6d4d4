import type { SocketRegistry } from './socket-registry.ts';

/** What a revocation ended: one session (by token hash), or sessions of a user. */
export type Revocation = { tokenHash: string } | { userId: string };

/**
 * Every real-time effect that concerns other users travels as one of these, through the bus, to every
 * instance; each instance hands what it hears to its own sockets (SocketRegistry.deliver). `userIds`
 * null = everybody.
 */
export type RealtimeEvent =
  /** Collections changed: clients pull (public) or only these users' clients pull (private). */
  | { type: 'poke'; collections: string[]; userIds: string[] | null }
  /** A named event of the spec: newMessage, userTyping, messagesRead, favoritesUpdated, … */
  | { type: 'emit'; name: string; payload: unknown; userIds: string[] | null }
  /** The conversations `userId` has open on the publishing instance (replaces what it said before). */
  | { type: 'viewing'; userId: string; conversations: string[] }
  /** Sessions ended: sockets of that session / of that user whose session is no longer live close. */
  | { type: 'revoke'; revocation: Revocation }
  /** The account is gone: every socket of the user closes. */
  | { type: 'disconnect'; userId: string };

/**
 * The way cross-user effects cross instances (docs/decisions.md, "Real-time across instances"). The
 * publishing instance does not deliver locally by itself: it hears its own events back, once, like every
 * other instance, so nothing is delivered twice.
 */
export interface RealtimeBus {
  /** Binds the bus to this instance's sockets (once, by the hub). */
  attach(registry: SocketRegistry): void;
  /** Connects (PgBus: its LISTEN connection); resolves when events can be heard. */
  start(): Promise<void>;
  publish(event: RealtimeEvent): void;
  /** Whether `userId` has `conversationId` open on any instance. */
  isViewing(userId: string, conversationId: string): boolean;
  /** Resolves once everything this instance published so far has been delivered to its own sockets. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process (SQLite, the default): publishing is delivering, synchronously, as the hub always did.
 * Viewing is this instance's registry.
 */
export class LocalBus implements RealtimeBus {
  private registry: SocketRegistry | null = null;

  attach(registry: SocketRegistry): void {
    this.registry = registry;
  }
  async start(): Promise<void> {}
  publish(event: RealtimeEvent): void {
    this.registry?.deliver(event);
  }
  isViewing(userId: string, conversationId: string): boolean {
    return this.registry?.isViewing(userId, conversationId) ?? false;
  }
  async settled(): Promise<void> {}
  async close(): Promise<void> {}
}
