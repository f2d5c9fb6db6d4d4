import { SOCKET_LIMITS } from '../../../schema/constants.ts';

/**
 * What one sync socket may ask for (issue 21, item 2): a token bucket per socket, checked when a message
 * arrives (before it waits in the socket's queue), so a burst of thousands is refused at once at the cost
 * of parsing its envelope. A message over budget is answered with the socket error 'rate-limited' and not
 * served; a socket refused too often in a row is closed with CLOSE_CODES.rateLimited, which the app
 * answers by waiting before it reconnects (pwa/src/db/sync-client.ts). Costs follow the work a message
 * makes: a search or a catch-up costs more than a typing signal.
 */
export class MessageBudget {
  private tokens: number = SOCKET_LIMITS.burst;
  private last: number;
  /** Refusals since the last message served. */
  private refusedInRow = 0;
  /** Bad frames since the last well-formed message. */
  private badInRow = 0;

  constructor(private readonly now: () => number = Date.now) {
    this.last = now();
  }

  /** 'ok': serve it; 'refuse': answer rate-limited; 'close': a persistent offender. */
  take(type: string, heldKeys = 0): 'ok' | 'refuse' | 'close' {
    const t = this.now();
    this.tokens = Math.min(
      SOCKET_LIMITS.burst,
      this.tokens + ((t - this.last) / 1000) * SOCKET_LIMITS.perSecond,
    );
    this.last = t;
    const costs: Record<string, number> = SOCKET_LIMITS.costs;
    const cost =
      (Object.hasOwn(costs, type) ? costs[type]! : 1) + Math.ceil(heldKeys / SOCKET_LIMITS.holdKeysPerToken);
    if (this.tokens >= cost) {
      this.tokens -= cost;
      this.refusedInRow = 0;
      return 'ok';
    }
    return this.refuse();
  }

  /** A message refused for another reason than its cost (a request while the socket is slow to read). */
  refuse(): 'refuse' | 'close' {
    this.refusedInRow += 1;
    return this.verdict();
  }

  /**
   * A bad frame (a message that fails its schema, issue 40 L11): it counts in the row of refusals until
   * a well-formed message is handled (`good`), whatever the budget says of the messages between.
   */
  bad(): 'refuse' | 'close' {
    this.badInRow += 1;
    return this.verdict();
  }
  good(): void {
    this.badInRow = 0;
  }

  private verdict(): 'refuse' | 'close' {
    return this.refusedInRow + this.badInRow > SOCKET_LIMITS.refusalsBeforeClose ? 'close' : 'refuse';
  }
}

/**
 * `typing` from one socket, per conversation: a 'start' at most every SOCKET_LIMITS.typingEveryMs, a
 * 'stop' only after a 'start' that went through — the other person sees the same indicator, and 500
 * signals in a second become two.
 */
export class TypingGate {
  private readonly lastStart = new Map<string, number>();
  private readonly on = new Set<string>();

  constructor(private readonly now: () => number = Date.now) {}

  pass(msg: { conversationId: string; isTyping?: boolean }): boolean {
    const id = msg.conversationId;
    if (msg.isTyping !== true) return this.on.delete(id);
    const t = this.now();
    if (t - (this.lastStart.get(id) ?? Number.NEGATIVE_INFINITY) < SOCKET_LIMITS.typingEveryMs) return false;
    // Bounded like everything a client fills: the oldest conversation is forgotten first.
    if (this.lastStart.size >= SOCKET_LIMITS.typingConversations) {
      const oldest = this.lastStart.keys().next().value!;
      this.lastStart.delete(oldest);
      this.on.delete(oldest);
    }
    this.lastStart.delete(id);
    this.lastStart.set(id, t);
    this.on.add(id);
    return true;
  }
}

/** How many keys a `hold` envelope names (before its schema is checked: anything else counts 0). */
export function heldKeysIn(data: Record<string, unknown>): number {
  if (data.type !== 'hold' || !data.keys || typeof data.keys !== 'object') return 0;
  let n = 0;
  for (const list of Object.values(data.keys)) if (Array.isArray(list)) n += list.length;
  return n;
}

/**
 * Open sockets per address and per account on this instance (SOCKET_LIMITS.perAddress, perAccount):
 * `enter` counts one in when there is room, `leave` gives it back (the socket closed).
 */
export class SocketCounts {
  private readonly open = new Map<string, number>();

  enter(key: string, max: number): boolean {
    const n = this.open.get(key) ?? 0;
    if (n >= max) return false;
    this.open.set(key, n + 1);
    return true;
  }

  leave(key: string): void {
    const n = (this.open.get(key) ?? 0) - 1;
    if (n > 0) this.open.set(key, n);
    else this.open.delete(key);
  }

  /** Keys with open sockets (memory is given back as they close). */
  get size(): number {
    return this.open.size;
  }
}
