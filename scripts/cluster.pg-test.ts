import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
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
  const closed = sockets.map((ws) =>
    ws.readyState === WebSocket.CLOSED ? null : new Promise((r) => ws.once('close', r)),
  );
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
      expect(await res.json()).toMatchObject({ ok: true });
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

    await cluster.restartInstance(0); // resolves once nginx routes to it again
    const res = await fetch(`${cluster.instances[0].url}/api/health`);
    expect(res.status).toBe(200);
  }, 60_000);

  it('restarting a live instance (SIGTERM, docs/DEPLOY.md) fails no request sent through nginx meanwhile', async () => {
    const statuses: number[] = [];
    let done = false;
    const traffic = (async () => {
      while (!done) {
        const res = await fetch(`${cluster.url}/api/health`).catch(() => null);
        statuses.push(res?.status ?? 0);
        await res?.body?.cancel();
      }
    })();
    await cluster.restartInstance(1);
    await new Promise((r) => setTimeout(r, 300));
    done = true;
    await traffic;
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  }, 60_000);

  it('an instance told to stop still answers a request on a connection it had already accepted', async () => {
    const inst = cluster.instances[1];
    const sock = connect(inst.port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    let response = '';
    sock.on('data', (b: Buffer) => {
      response += b.toString();
    });
    const closed = new Promise((r) => sock.once('close', r));
    sock.on('error', () => {});
    const stopped = cluster.killInstance(1, 'SIGTERM');
    // The instance has taken the signal once it refuses new connections (a fresh TCP connection each
    // time: fetch would reuse a kept-alive one, which the instance still serves while it drains).
    const refuses = () =>
      new Promise<boolean>((resolve) => {
        const probe = connect(inst.port, '127.0.0.1');
        probe.once('connect', () => {
          probe.destroy();
          resolve(false);
        });
        probe.once('error', () => resolve(true));
      });
    while (!(await refuses())) await new Promise((r) => setTimeout(r, 10));
    // What nginx does when it has just connected: the request arrives after the stop began.
    sock.write(
      'POST /api/users/login HTTP/1.1\r\nHost: hobbiz\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    await closed;
    await stopped;
    expect(response).toMatch(/^HTTP\/1\.1 400 /); // answered (a validation error), not dropped or 503
    await cluster.restartInstance(1);
  }, 60_000);
});
