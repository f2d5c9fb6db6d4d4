import pg from 'pg';
import type { RealtimeEvent } from './bus.ts';

/**
 * What travels between instances over PostgreSQL (pg-bus.ts), and how: one NOTIFY per batch of events,
 * inline when it fits, else through a row of realtime_payloads that the notification names.
 */

/**
 * Between instances only: viewing snapshots, a request for them, a clean shutdown, and a marker its
 * publisher waits for (what it published before has been delivered: see `settled`).
 */
export type Control =
  | { type: 'viewing-all'; views: Record<string, string[]> }
  | { type: 'hello' }
  | { type: 'bye' }
  | { type: 'mark'; id: number };
export type Wire = RealtimeEvent | Control;
/** One notification: the publishing instance and its events in order, or the id of the row holding them. */
export type Envelope = { o: string; e: Wire[] } | { o: string; r: string };

/** NOTIFY payloads must stay under 8,000 bytes; bigger batches go through realtime_payloads. */
export const INLINE_LIMIT = 7000;

/** Sends one batch of `origin`'s events on `channel`. */
export async function notifyBatch(
  pool: pg.Pool,
  channel: string,
  origin: string,
  batch: Wire[],
): Promise<void> {
  const text = JSON.stringify({ o: origin, e: batch } satisfies Envelope);
  if (Buffer.byteLength(text) <= INLINE_LIMIT) {
    await pool.query('SELECT pg_notify($1, $2)', [channel, text]);
    return;
  }
  // One statement, so one transaction: the notification leaves at its commit, with the row visible.
  await pool.query(
    `WITH p AS (INSERT INTO realtime_payloads (body) VALUES ($2) RETURNING id)
     SELECT pg_notify($1, json_build_object('o', $3::text, 'r', p.id::text)::text) FROM p`,
    [channel, text, origin],
  );
}

/**
 * A connection LISTENing on `channel`: `payload` for each notification heard on it, `lost` once when it
 * fails or ends after it was set up (a failed setup throws instead).
 */
export async function listen(
  connectionString: string,
  channel: string,
  on: { payload: (text: string) => void; lost: (err?: unknown) => void },
): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000, keepAlive: true });
  let lost = false;
  const onLost = (err?: unknown) => {
    if (lost) return;
    lost = true;
    on.lost(err);
  };
  client.on('error', onLost);
  client.on('end', () => onLost());
  client.on('notification', (n) => {
    if (n.channel === channel && n.payload) on.payload(n.payload);
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${channel}`);
  } catch (err) {
    lost = true;
    client.end().catch(() => undefined);
    throw err;
  }
  return client;
}

/** The events of a batch stored in realtime_payloads, or null when its row is gone. */
export async function readStoredBatch(pool: pg.Pool, id: string): Promise<Wire[] | null> {
  const { rows } = await pool.query<{ body: string }>('SELECT body FROM realtime_payloads WHERE id = $1', [
    id,
  ]);
  return rows[0] ? (JSON.parse(rows[0].body) as { e: Wire[] }).e : null;
}

/** Stored batches are read within moments of their notification; older ones are dropped. */
export async function purgeStoredBatches(pool: pg.Pool): Promise<void> {
  await pool.query("DELETE FROM realtime_payloads WHERE created_at < now() - interval '1 minute'");
}

/**
 * What the other instances said their users view, and when each last spoke: an instance silent for
 * three announcement periods has gone (crashed) and is forgotten.
 */
export class RemoteViews {
  private remote = new Map<string, { seenAt: number; views: Map<string, Set<string>> }>();

  constructor(private readonly periodMs: number) {}

  /** Anything heard from an instance says it is alive. */
  heardFrom(origin: string): void {
    this.of(origin).seenAt = Date.now();
  }

  /** Its whole snapshot ('viewing-all'). */
  replace(origin: string, views: Record<string, string[]>): void {
    this.of(origin).views = new Map(Object.entries(views).map(([u, cs]) => [u, new Set(cs)]));
  }

  /** One user's change ('viewing'): what they view there now, none when empty. */
  set(origin: string, userId: string, conversations: string[]): void {
    const views = this.of(origin).views;
    if (conversations.length > 0) views.set(userId, new Set(conversations));
    else views.delete(userId);
  }

  /** A clean shutdown ('bye'). */
  forget(origin: string): void {
    this.remote.delete(origin);
  }

  isViewing(userId: string, conversationId: string): boolean {
    const horizon = Date.now() - 3 * this.periodMs;
    for (const [id, r] of this.remote) {
      if (r.seenAt < horizon) {
        this.remote.delete(id);
        continue;
      }
      if (r.views.get(userId)?.has(conversationId)) return true;
    }
    return false;
  }

  private of(origin: string) {
    let r = this.remote.get(origin);
    if (!r) {
      r = { seenAt: Date.now(), views: new Map() };
      this.remote.set(origin, r);
    }
    return r;
  }
}
