import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { SOCKET_LIMITS } from '../../../schema/constants.ts';
import { CLOSE_CODES } from '../../../schema/sync.ts';
import { buildTestApp } from '../test-helper.ts';
import { client, connectedClient } from './test-client.ts';

/**
 * Issue 40, L11: a bad frame was written at error level with its stack, one per frame, so bad frames on
 * socket after socket wrote the log as fast as they were sent. Now: warn, no stack, one line per socket,
 * a few per address a minute; a socket that sends only bad messages is closed like a flood.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Line = { level: number; msg: string; err?: unknown; [k: string]: unknown };
let app: App;
let lines: Line[];
beforeEach(async () => {
  lines = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as Line);
      done();
    },
  });
  app = await buildTestApp({ logLevel: 'info' }, { logStream });
});
afterEach(async () => {
  await app.cleanup();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const about = (l: Line) => /frame/i.test(l.msg) || (typeof l.err === 'object' && l.err !== null);
/** A frame with the reserved opcode 3 (masked, empty): ws refuses it and closes the socket with 1002. */
const badOpcode = (ws: WebSocket) =>
  (ws as unknown as { _socket: { write(b: Buffer): void } })._socket.write(
    Buffer.from([0x83, 0x80, 1, 2, 3, 4]),
  );

describe('bad frames in the log', () => {
  it('30 sockets each sending a frame ws refuses: a few warn lines, no error, no stack', async () => {
    for (let i = 0; i < 30; i++) {
      const ws = await app.injectWS('/api/sync');
      const c = client(ws);
      badOpcode(ws);
      expect(await c.closed).toBe(1002);
    }
    await sleep(50);
    const logged = lines.filter(about);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.length).toBeLessThanOrEqual(SOCKET_LIMITS.badFrameLogsPerAddress);
    expect(logged.every((l) => l.level === 40)).toBe(true);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(JSON.stringify(lines)).not.toContain('"stack"');
    expect(logged[0]).toMatchObject({ msg: 'bad sync frame', reason: 'WS_ERR_INVALID_OPCODE' });
  });

  it(`a socket sending only malformed messages is closed after ${SOCKET_LIMITS.refusalsBeforeClose} in a row, logged once and counted`, async () => {
    const c = await connectedClient(app, null);
    // One at a time, each answered: the budget never runs out, the bad frames alone close it.
    let answered = 0;
    for (let i = 0; i < SOCKET_LIMITS.refusalsBeforeClose + 5; i++) {
      c.send({ type: 'hold', id: `h${i}`, keys: 'all' });
      const m = await Promise.race([c.next(), c.closed.then(() => null)]);
      if (!m) break;
      expect(m).toMatchObject({ type: 'error', code: 'bad-request' });
      answered += 1;
      await sleep(60);
    }
    expect(await c.closed).toBe(CLOSE_CODES.rateLimited);
    expect(answered).toBe(SOCKET_LIMITS.refusalsBeforeClose);
    await sleep(50);
    const logged = lines.filter((l) => /frame/.test(l.msg));
    expect(logged.map((l) => l.msg)).toEqual(['bad sync frame', 'more bad sync frames on this socket']);
    expect(logged[0]).toMatchObject({ level: 40, reason: 'malformed', type: 'hold' });
    expect(logged[1]).toMatchObject({ level: 40, count: SOCKET_LIMITS.refusalsBeforeClose });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('a well-formed message between bad ones starts the row again', async () => {
    const c = await connectedClient(app, null);
    for (let i = 0; i < SOCKET_LIMITS.refusalsBeforeClose + 10; i++) {
      c.send(i % 10 === 9 ? { type: 'release', keys: {} } : { type: 'pull', id: `p${i}`, collection: 1 });
      if (i % 10 !== 9) expect(await c.next()).toMatchObject({ type: 'error' });
      await sleep(60);
    }
    expect(await Promise.race([c.closed, sleep(100).then(() => 'open')])).toBe('open');
  });
});
