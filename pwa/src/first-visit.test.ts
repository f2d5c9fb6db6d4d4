import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What a guest's first visit loads (docs/BENCHMARKS.md, home page): the entry's static imports (the first
 * screen, ≤ 120 kB gzip) and, after the load event, the local database's and the service worker's. A
 * module that shares a file with them rides along whole, whatever part of it is used: zod came back this
 * way once (the report rules behind the block messages, 22 kB), the Snowball stemmer another time (the
 * listing's URL parser imported the search rules). These walks keep them out.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const FIRST_SCREEN = ['pwa/src/main.tsx'];
const AFTER_LOAD = ['pwa/src/db/boot.ts', 'pwa/src/sw-register.ts'];

/** Static imports and re-exports (not `import type`, not `import()`), resolved to files or package names. */
function staticImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const m of src.matchAll(re)) {
    const spec = m[1]!;
    if (!spec.startsWith('.')) {
      out.push(spec);
      continue;
    }
    const base = resolve(dirname(file), spec);
    const hit = [base, `${base}.ts`, `${base}.tsx`].find((c) => existsSync(c) && statSync(c).isFile());
    if (hit && !hit.endsWith('.css')) out.push(hit);
  }
  return out;
}

/** Every module reachable from the entries, with the path that first reached it. */
function reach(entries: string[]): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  const stack = entries.map((e) => [resolve(ROOT, e)]);
  while (stack.length > 0) {
    const path = stack.pop()!;
    const id = path.at(-1)!;
    if (paths.has(id)) continue;
    paths.set(id, path);
    if (id.startsWith('/')) for (const dep of staticImports(id)) stack.push([...path, dep]);
  }
  return paths;
}

const named = (paths: Map<string, string[]>, what: string) => {
  const hit = [...paths.keys()].find((id) => id === what || id.startsWith(`${what}/`) || id.endsWith(what));
  return hit
    ? paths
        .get(hit)!
        .map((p) => (p.startsWith('/') ? relative(ROOT, p) : p))
        .join(' → ')
    : null;
};

describe('a first visit carries only what it uses', () => {
  const screen = reach(FIRST_SCREEN);
  const visit = reach([...FIRST_SCREEN, ...AFTER_LOAD]);

  it('the walk finds the modules it should (the test itself works)', () => {
    expect(named(screen, 'react-dom/client')).not.toBeNull();
    expect(named(screen, 'schema/words.ts')).not.toBeNull();
    expect(named(visit, 'rxdb')).not.toBeNull();
    expect(named(reach(['schema/rules/reports.ts']), 'zod')).not.toBeNull();
  });

  it.each(['zod', '@orama/stemmers'])('nothing the first visit loads imports %s', (pkg) => {
    expect(named(visit, pkg)).toBeNull();
  });

  it.each([
    'pwa/src/db/publish-queue.ts',
    'pwa/src/db/chat-file-outbox.ts',
    'pwa/src/db/report-outbox.ts',
    'pwa/src/db/outbox-drain.ts',
    'pwa/src/db/push-device.ts',
  ])('a guest does not download %s: it comes with the first signed-in session (db/member.ts)', (file) => {
    expect(named(visit, file)).toBeNull();
    expect(named(reach(['pwa/src/db/member.ts']), file)).not.toBeNull();
  });

  it.each(['ChatThread.tsx', 'ReportDialog.tsx', 'RatingDialog.tsx', 'pwa/src/db/report-outbox.ts'])(
    'the announcement page (kept for offline from the first visit) loads %s only when opened',
    (file) => {
      expect(named(reach(['pwa/src/routes/announcement/$id.lazy.tsx']), file)).toBeNull();
    },
  );

  it.each(['schema/rules/account.ts', 'schema/text.ts', 'pwa/src/db/push-device.ts'])(
    'the first screen does not carry %s',
    (file) => {
      expect(named(screen, file)).toBeNull();
    },
  );
});
