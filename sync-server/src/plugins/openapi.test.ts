import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app, { serverOptions } from '../app.ts';
import { loadConfig } from '../config.ts';

let server: FastifyInstance;
let dataDir: string;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hobbiz-openapi-'));
  const config = { ...loadConfig({}), dataDir, staticDir: null, logLevel: 'silent' };
  server = Fastify(serverOptions(config));
  server.addHook('onRoute', (r) => {
    routes.push(r);
  });
  await server.register(app, { config });
  await server.ready();
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** '/api/users/profile/:userId' → '/api/users/profile/{userId}' (OpenAPI's spelling). */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('OpenAPI at /api/docs', () => {
  it('describes every API route (every method of every /api and /auth path)', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    // The sync WebSocket (/api/sync) is not HTTP request/response; the description points to it.
    const api = routes.filter(
      (r) =>
        (r.url.startsWith('/api/') || r.url.startsWith('/auth/')) &&
        !r.url.startsWith('/api/docs') &&
        !(r as RouteOptions & { websocket?: boolean }).websocket,
    );
    expect(api.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const r of api) {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD') continue;
        if (!doc.paths[openapiPath(r.url)]?.[method.toLowerCase()]) missing.push(`${method} ${r.url}`);
      }
    }
    expect(missing).toEqual([]);
    // Bodies and answers are the routes' zod schemas as JSON schemas (lib/route-schema.ts).
    type Op = {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { type: string }> } }> };
      responses: Record<string, Op['requestBody']>;
      parameters: { name: string }[];
    };
    const op = (path: string, method: string) => doc.paths[path]?.[method] as Op;
    const login = op('/api/users/login', 'post');
    const sent = login.requestBody.content['application/json'].schema;
    expect(Object.keys(sent.properties)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(login.responses['200'].content['application/json'].schema.properties.token.type).toBe('string');
    const search = op('/api/announcements/search', 'get').parameters.map((p) => p.name);
    expect(search).toEqual(expect.arrayContaining(['q', 'category', 'sort']));
    // Spot checks of the spec's paths and this additions.
    for (const p of [
      '/api/users/login',
      '/api/users/forgot-password',
      '/api/users/reset-password',
      '/api/users/notification-settings',
      '/api/users/logout-all',
      '/api/auth/facebook/token',
      '/auth/google',
      '/api/reviews/{id}/like',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/uploads') || p === '/*')).toBe(false);
  });

  it('serves the browsable page with its own CSP; the rest of the site keeps the strict one', async () => {
    const page = await server.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const health = await server.inject({ method: 'GET', url: '/api/health' });
    expect(String(health.headers['content-security-policy'])).toBe(
      String(
        (await server.inject({ method: 'GET', url: '/api/users/auth/check' })).headers[
          'content-security-policy'
        ],
      ),
    );
    expect(String(health.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(health.headers['content-security-policy'])).not.toContain("style-src 'self' https:");
  });
});
