import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = import.meta.dirname;
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? files(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}
const offenders = (dir: string, pattern: RegExp) =>
  files(join(src, dir))
    .filter((f) => pattern.test(readFileSync(f, 'utf8')))
    .map((f) => relative(src, f));

describe('one way to do each thing (issue 14)', () => {
  it('db/ does not import features: the app hands it callbacks (session, toast)', () => {
    expect(offenders('db', /from '\.\.\/features\//)).toEqual([]);
  });

  it('pages are split one way (.lazy.tsx) and guarded once (routes/_auth.tsx)', () => {
    expect(offenders('routes', /\blazy\(|lazyRouteComponent|<Suspense/)).toEqual([]);
    expect(offenders('routes', /RequireAuth/)).toEqual([]);
  });

  it('components read the local database through db/use-rx.ts, not by subscribing themselves', () => {
    // Kept apart on purpose: a one-time read when the form opens (the edit form must not change under
    // the person), and the sync socket's typing events.
    const apart = ['features/publish/edit-target.ts', 'features/chat/use-typing.ts'];
    expect(offenders('features', /onDatabase\(/).filter((f) => !apart.includes(f))).toEqual([]);
    expect(offenders('features', /\.\$\.subscribe\(/)).toEqual([]);
  });
});
