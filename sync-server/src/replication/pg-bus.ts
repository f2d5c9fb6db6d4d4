import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { RealtimeBus, RealtimeEvent } from './bus.ts';
import {
  type Control,
  type Envelope,
  listen,
  notifyBatch,
  purgeStoredBatches,
  RemoteViews,
  readStoredBatch,
  type Wire,
} from './pg-bus-wire.ts';
import type { SocketRegistry } from './socket-registry.ts';

export { INLINE_LIMIT } from './pg-bus-wire.ts';

type Log = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

export type PgBusOptions = {
  connectionString: string;
  /** For NOTIFY and the payload table; one of its own (2 connections) when absent. */
  pool?: pg.Pool;
  channel?: string;
  log?: Log;
  /** How often this instance re-announces who views what here (others forget it after 3 periods). */
  snapshotEveryMs?: number;
  /** LISTEN reconnection backoff: first wait, doubling up to the last. */
  backoffMs?: [min: number, max: number];
  purgeEveryMs?: number;
};

/**
 * Real time across instances through PostgreSQL (docs/decisions.md, "Real-time across instances"):
 * `publish` batches what one tick published and sends it with one `pg_notify` through the pool — after
 * the unit's commit, since the unit of work publishes only then; one dedicated connection per instance
 * LISTENs and delivers every batch it hears, its own included, to this instance's registry, in order.
 * A batch over INLINE_LIMIT bytes is stored in realtime_payloads and the notification carries its id.
 */
export class PgBus implements RealtimeBus {
  readonly instanceId = randomUUID();
  private readonly pool: pg.Pool;
  private readonly ownPool: boolean;
  private readonly channel: string;
  private readonly log: Log;
  private registry: SocketRegistry | null = null;
  private listener: pg.Client | null = null;
  private closed = false;
  private started = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private timers: NodeJS.Timeout[] = [];
  private pending: Wire[] = [];
  private scheduled = false;
  /** The notification being sent; at most one at a time, so this instance's events keep their order. */
  private sending: Promise<void> | null = null;
  private inbox: Promise<void> = Promise.resolve();
  /** What the other instances said their users view. */
  private readonly remote: RemoteViews;
  /** Every (re)connection of the LISTEN client; tests wait on it. */
  connections = 0;
  private marks = new Map<number, () => void>();
  private lastMark = 0;
  /** When the LISTEN client last heard anything (its own periodic announcement at least). */
  private lastHeard = Date.now();

  constructor(private readonly opts: PgBusOptions) {
    this.ownPool = !opts.pool;
    this.pool =
      opts.pool ??
      new pg.Pool({
        connectionString: opts.connectionString,
        max: 2,
        connectionTimeoutMillis: 5000,
        // A stuck NOTIFY would hold back every later event of this instance.
        query_timeout: 5000,
      });
    this.pool.on('error', (err) => this.log.warn({ err }, 'real-time bus: idle pool connection failed'));
    this.channel = opts.channel ?? 'hobbiz_rt';
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel)) throw new Error(`bad channel name: ${this.channel}`);
    this.log = opts.log ?? console;
    this.remote = new RemoteViews(opts.snapshotEveryMs ?? 20_000);
  }

  attach(registry: SocketRegistry): void {
    this.registry = registry;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.connect();
    const every = this.opts.snapshotEveryMs ?? 20_000;
    this.timers.push(
      setInterval(() => {
        this.checkListener(every);
        this.announceViewing();
      }, every),
    );
    this.timers.push(setInterval(() => this.purge(), this.opts.purgeEveryMs ?? 30_000));
    for (const t of this.timers) t.unref();
  }

  publish(event: RealtimeEvent | Control): void {
    if (this.closed) return;
    this.pending.push(event);
    // Everything published in this tick (one unit's pokes and events) leaves in one notification, in order;
    // what is published while a notification is on its way leaves together right after it.
    if (this.scheduled || this.sending) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  isViewing(userId: string, conversationId: string): boolean {
    return (
      !!this.registry?.isViewing(userId, conversationId) || this.remote.isViewing(userId, conversationId)
    );
  }

  settled(): Promise<void> {
    if (this.closed) return Promise.resolve();
    const id = ++this.lastMark;
    return new Promise((resolve) => {
      this.marks.set(id, resolve);
      this.publish({ type: 'mark', id });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.publish({ type: 'bye' });
    this.flush();
    while (this.sending) await this.sending;
    this.closed = true;
    for (const resolve of this.marks.values()) resolve();
    this.marks.clear();
    clearTimeout(this.retryTimer);
    for (const t of this.timers) clearInterval(t);
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    if (this.ownPool) await this.pool.end();
  }

  /** Sends what is pending as one notification, unless one is on its way (it then flushes when done). */
  private flush(): void {
    if (this.sending || this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.sending = notifyBatch(this.pool, this.channel, this.instanceId, batch)
      .catch((err) => this.log.error({ err }, 'real-time bus: publish failed'))
      .finally(() => {
        this.sending = null;
        this.flush();
      });
  }

  private async connect(): Promise<void> {
    // Declared first: the connection may be lost while it is still being set up.
    let client: pg.Client | undefined;
    client = await listen(this.opts.connectionString, this.channel, {
      payload: (p) => this.heard(p),
      lost: (err) => {
        if (client && this.listener === client) this.listener = null;
        if (this.closed) return;
        this.log.warn({ err }, 'real-time bus: LISTEN connection lost, reconnecting');
        this.retry();
      },
    });
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.lastHeard = Date.now();
    this.attempt = 0;
    this.connections += 1;
    // Events sent while nobody listened are gone: clients pull from their checkpoints (a poke to all),
    // and the other instances say again who views what here.
    if (this.connections > 1) this.registry?.resync();
    this.publish({ type: 'hello' });
    this.announceViewing();
  }

  /**
   * A connection silently cut (no FIN, a NAT that forgot it) would leave LISTEN deaf for ever: each
   * instance hears its own announcement every period, so three silent periods mean the link is dead.
   */
  private checkListener(every: number): void {
    const listener = this.listener;
    if (!listener || Date.now() - this.lastHeard < 3 * every) return;
    this.log.warn({}, 'real-time bus: LISTEN connection silent, reconnecting');
    listener.emit('error', new Error('LISTEN connection silent'));
    listener.end().catch(() => undefined);
  }

  private retry(): void {
    const [min, max] = this.opts.backoffMs ?? [200, 10_000];
    const wait = Math.min(max, min * 2 ** this.attempt) * (0.75 + Math.random() / 2);
    this.attempt += 1;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.connect().catch((err) => {
        if (this.closed) return;
        this.log.warn({ err }, 'real-time bus: reconnection failed');
        this.retry();
      });
    }, wait);
    this.retryTimer.unref();
  }

  /** Notifications are delivered in the order heard, even when one must first be read from the table. */
  private heard(payload: string): void {
    this.lastHeard = Date.now();
    let env: Envelope;
    try {
      env = JSON.parse(payload) as Envelope;
    } catch (err) {
      this.log.warn({ err }, 'real-time bus: unreadable notification');
      return;
    }
    if ('e' in env) {
      this.inbox = this.inbox.then(() => this.dispatch(env.o, env.e));
      return;
    }
    const stored = readStoredBatch(this.pool, env.r);
    this.inbox = this.inbox.then(async () => {
      try {
        const events = await stored;
        if (events) this.dispatch(env.o, events);
        else this.log.warn({ id: env.r }, 'real-time bus: payload row missing');
      } catch (err) {
        this.log.error({ err }, 'real-time bus: payload read failed');
      }
    });
  }

  private dispatch(origin: string, events: Wire[]): void {
    const own = origin === this.instanceId;
    if (!own) this.remote.heardFrom(origin);
    for (const e of events) {
      try {
        this.apply(origin, own, e);
      } catch (err) {
        this.log.error({ err, type: e.type }, 'real-time bus: delivery failed');
      }
    }
  }

  private apply(origin: string, own: boolean, e: Wire): void {
    switch (e.type) {
      case 'hello':
        if (!own) this.announceViewing();
        return;
      case 'bye':
        if (!own) this.remote.forget(origin);
        return;
      case 'mark':
        if (!own) return;
        this.marks.get(e.id)?.();
        this.marks.delete(e.id);
        return;
      case 'viewing-all':
        if (!own) this.remote.replace(origin, e.views);
        return;
      case 'viewing':
        if (!own) this.remote.set(origin, e.userId, e.conversations); // its own viewing is its registry
        return;
      default:
        this.registry?.deliver(e);
    }
  }

  /** Who views what on this instance, for the others (also this instance's heartbeat). */
  private announceViewing(): void {
    this.publish({ type: 'viewing-all', views: this.registry?.allViewing() ?? {} });
  }

  private purge(): void {
    purgeStoredBatches(this.pool).catch((err) =>
      this.log.warn({ err }, 'real-time bus: payload purge failed'),
    );
  }
}
