import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-helper.ts';

let app: Awaited<ReturnType<typeof buildTestApp>>;
let dist: string;
const JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'hobbiz-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><title>Hobbiz</title><script>document.documentElement.lang="ro"</script><div id="root">acasă</div>',
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), JS);
  writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()');
  app = await buildTestApp({ staticDir: dist });
});
afterAll(async () => {
  await app.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

describe('static PWA serving', () => {
  it('sends a strict CSP: own scripts plus the hashed inline one, no inline scripts otherwise, no framing', async () => {
    const res = await app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update('document.documentElement.lang="ro"').digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves uploads with nosniff and a year of caching', async () => {
    // Public uploads (photos, avatars); chat files are private (routes/messages/chat-files.test.ts).
    const dir = join(app.config.dataDir, 'uploads', 'avatars');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'nota.txt'), '<script>alert(1)</script>');
    const res = await app.inject({ url: '/uploads/avatars/nota.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('reads an empty JSON body as {} (the spec’s body-less POSTs)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Introdu adresa de email.');
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.length).toBeLessThan(JS.length / 4);
  });

  it('revalidates the service worker and the shell on every load', async () => {
    const sw = await app.inject({ url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes and unknown paths with the shell, API misses with a JSON error', async () => {
    for (const url of ['/', '/profil/abc', '/o-pagina-inexistenta?x=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('acasă');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const api = await app.inject({ url: '/api/nu-exista' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Resursa nu a fost găsită.' });
  });
});
