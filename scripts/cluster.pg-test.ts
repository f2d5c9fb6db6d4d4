import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COLLECTION_VERSIONS, SYNC_PATH, SYNC_PROTOCOL_VERSION } from '../schema/sync.ts';
import { type Cluster, startCluster } from './cluster.ts';

// nginx (deploy/nginx.conf) in front of two real instances — each on its own SQLite here, so this proves the
// proxying, the WebSocket upgrade and the failover, not shared data (that needs the PostgreSQL back-end).
// Slower than `npm test` allows (two server starts): run by `npm run test:pg`.

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ engine: 'sqlite', instances: 2 });
});
afterAll(async () => {
  await cluster?.stop();
  if (cluster) expect(existsSync(cluster.nginx.dir)).toBe(false);
});

/** Opens the sync socket through nginx, says hello as a guest, answers the server's first frame. */
function hello(): Promise<{ frame: Record<string, unknown>; ws: WebSocket }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${cluster.url.replace('http', 'ws')}${SYNC_PATH}`);
    ws.once('open', () =>
      ws.send(
        JSON.stringify({
          type: 'hello',
          token: null,
          protocol: SYNC_PROTOCOL_VERSION,
          collections: COLLECTION_VERSIONS,
        }),
      ),
    );
    ws.once('message', (data) => resolve({ frame: JSON.parse(String(data)), ws }));
    ws.once('error', reject);
  });
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  const closed = sockets.map((ws) => new Promise((r) => ws.once('close', r)));
  for (const ws of sockets) ws.close();
  await Promise.all(closed);
}

/** The instance ports nginx sent `path` to, from its access log (upstream=127.0.0.1:<port>). */
async function upstreamsOf(path: string): Promise<Set<number>> {
  await new Promise((r) => setTimeout(r, 200)); // a socket's line is written when it closes
  const lines = readFileSync(cluster.nginx.accessLog, 'utf8').split('\n');
  const ports = lines
    .filter((l) => l.includes(` ${path} `))
    .flatMap((l) => [...l.matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1])));
  return new Set(ports);
}

describe('cluster behind nginx (scripts/cluster.ts, deploy/nginx.conf)', () => {
  it('spreads REST requests over both instances (round robin, no stickiness)', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${cluster.url}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    }
    expect(await upstreamsOf('/api/health')).toEqual(new Set(cluster.instances.map((x) => x.port)));
  });

  it('upgrades the sync socket: hello through nginx is answered ready, on either instance', async () => {
    const opened = [await hello(), await hello(), await hello(), await hello()];
    for (const { frame } of opened) expect(frame).toEqual({ type: 'ready', userId: null });
    await closeAll(opened.map((o) => o.ws));
    expect(await upstreamsOf(SYNC_PATH)).toEqual(new Set(cluster.instances.map((x) => x.port)));
  });

  it('skips a killed instance: health and sockets keep answering through nginx; restart brings it back', async () => {
    const held = await hello(); // a socket that may sit on the instance about to die
    await cluster.killInstance(0, 'SIGKILL');
    await expect(fetch(`${cluster.instances[0].url}/api/health`)).rejects.toThrow();
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${cluster.url}/api/health`);
      expect(res.status).toBe(200);
    }
    const again = [await hello(), await hello(), await hello()];
    for (const { frame } of again) expect(frame).toEqual({ type: 'ready', userId: null });
    await closeAll([held.ws, ...again.map((o) => o.ws)]);

    await cluster.restartInstance(0);
    const res = await fetch(`${cluster.instances[0].url}/api/health`);
    expect(res.status).toBe(200);
  }, 60_000);
});
