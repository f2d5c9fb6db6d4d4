import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from './test-helper.ts';

/**
 * Server wiring once (issue 14): wiring.ts builds every repository and service, the app decorates the
 * instance with them, and the routes take them from there; routes refuse by throwing, guests are turned
 * away by their folder's signedIn scope. Checked on the sources, and on a built app.
 */
const src = dirname(fileURLToPath(import.meta.url));
function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    const path = relative(src, full);
    const test = /\.test\.ts$|test-fixtures\.ts$/.test(e.name);
    return e.name.endsWith('.ts') && !test ? [{ path, text: readFileSync(full, 'utf8') }] : [];
  });
}
const routes = sources(join(src, 'routes'));
const app = { path: 'app.ts', text: readFileSync(join(src, 'app.ts'), 'utf8') };
const matching = (files: { path: string; text: string }[], pattern: RegExp) =>
  files.filter((f) => pattern.test(f.text)).map((f) => f.path);

describe('the wiring, on the sources', () => {
  it('reads the route sources (the checks below are not vacuous)', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.some((f) => f.path === 'routes/messages/index.ts')).toBe(true);
  });

  it('no route and not app.ts builds a repository or a service: wiring.ts does, once', () => {
    const factory = /\b\w+(Repository|Service)\(|new (LoginThrottle|RateWindow|OAuthStates)\(/;
    expect(matching([...routes, app], factory)).toEqual([]);
  });

  it('routes refuse by throwing httpError or unwrap, never by writing an error answer themselves', () => {
    expect(matching(routes, /\bfail\(reply|\.send\(\{\s*error\b|requireUser\(/)).toEqual([]);
  });
});

describe('the wiring, on a built app', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  beforeEach(async () => {
    built = await buildTestApp();
  });
  afterEach(async () => {
    await built.cleanup();
  });

  it('one object per service: the socket, REST and the services all hold the same repositories', () => {
    // The held documents the socket serves read through the very repositories the routes use.
    expect(built.sync.held.announcements).toBe(built.announcementsRepo);
    expect(built.sync.held.users).toBe(built.usersRepo);
    expect(built.sync.held.reviews).toBe(built.reviewsRepo);
    expect(built.sync.held.counters).toBe(built.counters);
  });
});
