import type { WebSocket } from 'ws';
import {
  COLLECTION_VERSIONS,
  HELD_EVENT,
  type HeldDocs,
  type HeldKeys,
  type HeldKind,
  type QueryResult,
  type ServerMessage,
  SYNC_PROTOCOL_VERSION,
} from '../../../schema/sync.ts';

/** A tiny protocol client over the injected socket. */
export function client(ws: WebSocket, opts: { collectSide?: boolean } = { collectSide: true }) {
  const inbox: ServerMessage[] = [];
  const waiters: ((m: ServerMessage) => void)[] = [];
  /** Pokes and events, filed as they arrive (unless the caller wants every message through next()). */
  const side: ServerMessage[] = [];
  ws.on('message', (raw) => {
    const msg = JSON.parse(String(raw)) as ServerMessage;
    if (opts.collectSide && (msg.type === 'poke' || msg.type === 'event')) {
      side.push(msg);
      return;
    }
    const w = waiters.shift();
    if (w) w(msg);
    else inbox.push(msg);
  });
  const next = () =>
    new Promise<ServerMessage>((resolve) => {
      const m = inbox.shift();
      if (m) resolve(m);
      else waiters.push(resolve);
    });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  let id = 0;
  const answer = next;
  return {
    next,
    side,
    answer,
    closed,
    close: () => ws.close(),
    send: (m: unknown) => ws.send(JSON.stringify(m)),
    hello: (token: string | null) =>
      ws.send(
        JSON.stringify({
          type: 'hello',
          token,
          protocol: SYNC_PROTOCOL_VERSION,
          collections: COLLECTION_VERSIONS,
        }),
      ),
    async pull(checkpoint: { seq: number } | null, batchSize: number, collection = 'announcements') {
      const rid = String(++id);
      ws.send(JSON.stringify({ type: 'pull', id: rid, collection, checkpoint, batchSize }));
      const m = await answer();
      if (m.type !== 'result' || m.id !== rid) throw new Error(`unexpected ${JSON.stringify(m)}`);
      return m.data as {
        documents: ({ id: string; title: string; _deleted: boolean } & Record<string, unknown>)[];
        checkpoint: { seq: number } | null;
      };
    },
    /** Holds keys (see held.ts); answers the documents newer than the seqs given. */
    async hold(keys: HeldKeys, opts: { replace?: boolean; own?: boolean } = {}) {
      const rid = String(++id);
      ws.send(JSON.stringify({ type: 'hold', id: rid, keys, ...opts }));
      const m = await answer();
      if (m.type !== 'result' || m.id !== rid) throw new Error(`unexpected ${JSON.stringify(m)}`);
      return m.data as HeldDocs;
    },
    release: (keys: Partial<Record<HeldKind, string[]>>) =>
      ws.send(JSON.stringify({ type: 'release', keys })),
    /** Server search over the socket; the results become held. */
    async query(params: Record<string, unknown>) {
      const rid = String(++id);
      ws.send(JSON.stringify({ type: 'query', id: rid, params }));
      const m = await answer();
      if (m.type !== 'result' || m.id !== rid) throw new Error(`unexpected ${JSON.stringify(m)}`);
      return m.data as QueryResult;
    },
    /** The `held` events received so far (changes of held keys), emptied. */
    takeHeld(): HeldDocs[] {
      const out: HeldDocs[] = [];
      for (let i = side.length - 1; i >= 0; i--) {
        const m = side[i]!;
        if (m.type === 'event' && m.name === HELD_EVENT) {
          out.unshift(m.payload as HeldDocs);
          side.splice(i, 1);
        }
      }
      return out;
    },
    async push(collection: string, rows: unknown[]) {
      const rid = String(++id);
      ws.send(JSON.stringify({ type: 'push', id: rid, collection, rows }));
      const m = await answer();
      if (m.type !== 'result' || m.id !== rid) throw new Error(`unexpected ${JSON.stringify(m)}`);
      return m.data as ({ id: string; _deleted: boolean } & Record<string, unknown>)[];
    },
  };
}

/** A socket on `app` that has said hello (a token, or null for a guest) and got its 'ready'. */
export async function connectedClient(
  app: { injectWS(path: string): Promise<WebSocket> },
  token: string | null,
): Promise<ReturnType<typeof client>> {
  const c = client(await app.injectWS('/api/sync'));
  c.hello(token);
  const ready = await c.answer();
  if (ready.type !== 'ready') throw new Error(JSON.stringify(ready));
  return c;
}
