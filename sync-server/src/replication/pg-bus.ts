import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { RealtimeBus, RealtimeEvent } from './bus.ts';
import type { SocketRegistry } from './socket-registry.ts';

/**
 * Between instances only: viewing snapshots, a request for them, a clean shutdown, and a marker its
 * publisher waits for (what it published before has been delivered: see `settled`).
 */
type Control =
  | { type: 'viewing-all'; views: Record<string, string[]> }
  | { type: 'hello' }
  | { type: 'bye' }
  | { type: 'mark'; id: number };
type Wire = RealtimeEvent | Control;
/** One notification: the publishing instance and its events in order, or the id of the row holding them. */
type Envelope = { o: string; e: Wire[] } | { o: string; r: string };

/** NOTIFY payloads must stay under 8,000 bytes; bigger batches go through realtime_payloads. */
export const INLINE_LIMIT = 7000;

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
  /** What the other instances said their users view, and when each last spoke. */
  private remote = new Map<string, { seenAt: number; views: Map<string, Set<string>> }>();
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
    if (this.registry?.isViewing(userId, conversationId)) return true;
    const horizon = Date.now() - 3 * (this.opts.snapshotEveryMs ?? 20_000);
    for (const [id, r] of this.remote) {
      if (r.seenAt < horizon) {
        this.remote.delete(id); // an instance silent for three periods has gone (crashed)
        continue;
      }
      if (r.views.get(userId)?.has(conversationId)) return true;
    }
    return false;
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
    this.sending = this.send(batch)
      .catch((err) => this.log.error({ err }, 'real-time bus: publish failed'))
      .finally(() => {
        this.sending = null;
        this.flush();
      });
  }

  private async send(batch: Wire[]): Promise<void> {
    const text = JSON.stringify({ o: this.instanceId, e: batch } satisfies Envelope);
    if (Buffer.byteLength(text) <= INLINE_LIMIT) {
      await this.pool.query('SELECT pg_notify($1, $2)', [this.channel, text]);
      return;
    }
    // One statement, so one transaction: the notification leaves at its commit, with the row visible.
    await this.pool.query(
      `WITH p AS (INSERT INTO realtime_payloads (body) VALUES ($2) RETURNING id)
       SELECT pg_notify($1, json_build_object('o', $3::text, 'r', p.id::text)::text) FROM p`,
      [this.channel, text, this.instanceId],
    );
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.opts.connectionString,
      connectionTimeoutMillis: 5000,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      if (this.closed) return;
      this.log.warn({ err }, 'real-time bus: LISTEN connection lost, reconnecting');
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (n) => {
      if (n.channel === this.channel && n.payload) this.heard(n.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      lost = true;
      client.end().catch(() => undefined);
      throw err;
    }
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
    const body = this.pool.query<{ body: string }>('SELECT body FROM realtime_payloads WHERE id = $1', [
      env.r,
    ]);
    this.inbox = this.inbox.then(async () => {
      try {
        const { rows } = await body;
        if (rows[0]) this.dispatch(env.o, (JSON.parse(rows[0].body) as { e: Wire[] }).e);
        else this.log.warn({ id: env.r }, 'real-time bus: payload row missing');
      } catch (err) {
        this.log.error({ err }, 'real-time bus: payload read failed');
      }
    });
  }

  private dispatch(origin: string, events: Wire[]): void {
    const own = origin === this.instanceId;
    if (!own) this.remoteOf(origin).seenAt = Date.now();
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
        if (!own) this.remote.delete(origin);
        return;
      case 'mark':
        if (!own) return;
        this.marks.get(e.id)?.();
        this.marks.delete(e.id);
        return;
      case 'viewing-all':
        if (!own)
          this.remoteOf(origin).views = new Map(Object.entries(e.views).map(([u, cs]) => [u, new Set(cs)]));
        return;
      case 'viewing': {
        if (own) return; // this instance's own viewing is its registry
        const views = this.remoteOf(origin).views;
        if (e.conversations.length > 0) views.set(e.userId, new Set(e.conversations));
        else views.delete(e.userId);
        return;
      }
      default:
        this.registry?.deliver(e);
    }
  }

  private remoteOf(origin: string) {
    let r = this.remote.get(origin);
    if (!r) {
      r = { seenAt: Date.now(), views: new Map() };
      this.remote.set(origin, r);
    }
    return r;
  }

  /** Who views what on this instance, for the others (also this instance's heartbeat). */
  private announceViewing(): void {
    this.publish({ type: 'viewing-all', views: this.registry?.allViewing() ?? {} });
  }

  private purge(): void {
    this.pool
      .query("DELETE FROM realtime_payloads WHERE created_at < now() - interval '1 minute'")
      .catch((err) => this.log.warn({ err }, 'real-time bus: payload purge failed'));
  }
}
