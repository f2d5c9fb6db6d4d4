import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_CONF, type Nginx, siteConfig, startNginx } from './nginx.ts';

const conf = readFileSync(NGINX_CONF, 'utf8');

describe('deploy/nginx.conf templating', () => {
  it('changes only the upstream servers (keeping their parameters) and the listen line', () => {
    const out = siteConfig(conf, ['10.0.0.5:8080', '10.0.0.6:8080', '10.0.0.7:8080'], '127.0.0.1:9000');
    const servers = out.split('\n').filter((l) => /^\s*server\s+10\.0\.0\.\d:8080/.test(l));
    expect(servers.map((l) => l.trim())).toEqual([
      'server 10.0.0.5:8080 max_fails=1 fail_timeout=5s;',
      'server 10.0.0.6:8080 max_fails=1 fail_timeout=5s;',
      'server 10.0.0.7:8080 max_fails=1 fail_timeout=5s;',
    ]);
    expect(out).toMatch(/^\s*listen 127\.0\.0\.1:9000;$/m);
    // Everything else is the documented file, line for line.
    const rest = (text: string) =>
      text.split('\n').filter((l) => !/^\s*(server\s+\S+:\d+\s|listen\s)/.test(l));
    expect(rest(out)).toEqual(rest(conf));
  });

  it('refuses a file whose shape it no longer knows, instead of testing something else', () => {
    expect(() => siteConfig(conf.replace('upstream hobbiz {', 'upstream other {'), ['a:1'], 'x')).toThrow();
    expect(() => siteConfig(conf.replace(/^\s*listen[^\n]*\n/m, ''), ['a:1'], 'x')).toThrow(/listen/);
  });
});

describe('nginx in front of an instance (scripts/nginx.ts)', () => {
  let upstream: Server;
  let nginx: Nginx;
  let seen: { headers: IncomingHttpHeaders; bytes: number }[] = [];
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      let bytes = 0;
      req.on('data', (b: Buffer) => {
        bytes += b.length;
      });
      req.on('end', () => {
        seen.push({ headers: req.headers, bytes });
        res.end('ok');
      });
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    const address = upstream.address();
    nginx = await startNginx({ upstreams: [typeof address === 'object' && address ? address.port : 0] });
  });
  afterAll(async () => {
    await nginx?.stop();
    upstream?.close();
    if (nginx) expect(existsSync(nginx.dir)).toBe(false);
  });

  it('passes the client address (X-Forwarded-For, appended), the scheme and the Host', async () => {
    seen = [];
    const res = await fetch(`${nginx.url}/api/health`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(res.status).toBe(200);
    // A forged header stays on the left; the address nginx saw is appended, and TRUST_PROXY=<nginx>
    // makes the server take that rightmost untrusted one.
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
    expect(seen[0].headers['x-forwarded-proto']).toBe('http');
    expect(seen[0].headers.host).toBe(`127.0.0.1:${nginx.port}`);
  });

  it('lets a 12 MB upload through (up to 10 photos of 5 MB are allowed), refuses past 60 MB', async () => {
    seen = [];
    const big = new Uint8Array(12 * 1024 * 1024);
    const res = await fetch(`${nginx.url}/api/messages/attachments`, { method: 'POST', body: big });
    expect(res.status).toBe(200);
    expect(seen[0].bytes).toBe(big.length);
    const huge = await fetch(`${nginx.url}/api/announcements`, {
      method: 'POST',
      body: new Uint8Array(61 * 1024 * 1024),
    }).catch(() => null); // nginx may answer 413 and close before the whole body is sent
    if (huge) expect(huge.status).toBe(413);
  });
});
