/** A minimal client of the sync protocol (schema/sync.ts) over `ws`, for the benchmarks. */
import WebSocket from 'ws';
import {
  COLLECTION_VERSIONS,
  type ServerMessage,
  SYNC_PATH,
  SYNC_PROTOCOL_VERSION,
} from '../../schema/sync.ts';

/** One sync socket speaking the protocol of schema/sync.ts. */
export class SyncSocket {
  readonly ws: WebSocket;
  userId: string | null = null;
  private nextId = 0;
  private pending = new Map<string, { resolve: (data: unknown) => void; reject: (err: Error) => void }>();
  private eventListeners = new Set<(name: string, payload: unknown) => void>();
  readonly closed: Promise<number>;

  private constructor(ws: WebSocket) {
    this.ws = ws;
    this.closed = new Promise((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as ServerMessage;
      if (msg.type === 'result') {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        p?.resolve(msg.data);
      } else if (msg.type === 'error' && msg.id) {
        const p = this.pending.get(msg.id);
        this.pending.delete(msg.id);
        p?.reject(new Error(`${msg.code}: ${msg.message}`));
      } else if (msg.type === 'event') {
        for (const fn of this.eventListeners) fn(msg.name, msg.payload);
      }
    });
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('socket closed'));
      this.pending.clear();
    });
  }

  /** Connects, says hello and resolves once the server answers `ready`. */
  static connect(
    baseUrl: string,
    token: string | null,
    timeoutMs = 15_000,
    /** The local address to connect from (another 127.x.y.z: a second client address on one machine). */
    localAddress?: string,
  ): Promise<SyncSocket> {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${SYNC_PATH}`, {
      perMessageDeflate: false,
      ...(localAddress ? { localAddress } : {}),
    });
    return new Promise<SyncSocket>((resolve, reject) => {
      const timer = setTimeout(() => {
        ws.terminate();
        reject(new Error('no ready in time'));
      }, timeoutMs);
      const fail = (err: Error) => {
        clearTimeout(timer);
        ws.terminate();
        reject(err);
      };
      ws.once('error', fail);
      ws.once('close', (code) => fail(new Error(`closed with ${code} before ready`)));
      ws.once('open', () => {
        ws.send(
          JSON.stringify({
            type: 'hello',
            token,
            protocol: SYNC_PROTOCOL_VERSION,
            collections: COLLECTION_VERSIONS,
          }),
        );
      });
      ws.once('message', (raw) => {
        const msg = JSON.parse(String(raw)) as ServerMessage;
        if (msg.type !== 'ready') return fail(new Error(`expected ready, got ${String(raw)}`));
        clearTimeout(timer);
        ws.removeAllListeners('error');
        ws.removeAllListeners('close');
        ws.on('error', () => undefined);
        const s = new SyncSocket(ws);
        s.userId = msg.userId;
        resolve(s);
      });
    });
  }

  request<T>(msg: Record<string, unknown>): Promise<T> {
    const id = String(++this.nextId);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (d: unknown) => void, reject });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  push(collection: string, rows: unknown[]): Promise<unknown[]> {
    return this.request<unknown[]>({ type: 'push', collection, rows });
  }

  onEvent(fn: (name: string, payload: unknown) => void): () => void {
    this.eventListeners.add(fn);
    return () => this.eventListeners.delete(fn);
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * Opens `count` guest sockets, `batch` at a time (each batch in parallel). Sockets that fail are counted,
 * not thrown: the caller reports how many were actually held.
 */
export async function openGuests(
  url: string,
  count: number,
  batch: number,
  into: SyncSocket[],
): Promise<{ opened: number; failed: number; firstError: string | null }> {
  let opened = 0;
  let failed = 0;
  let firstError: string | null = null;
  for (let done = 0; done < count; done += batch) {
    const n = Math.min(batch, count - done);
    const results = await Promise.allSettled(Array.from({ length: n }, () => SyncSocket.connect(url, null)));
    for (const r of results) {
      if (r.status === 'fulfilled') {
        into.push(r.value);
        opened++;
      } else {
        failed++;
        firstError ??= r.reason instanceof Error ? r.reason.message : String(r.reason);
      }
    }
  }
  return { opened, failed, firstError };
}
