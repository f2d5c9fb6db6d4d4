import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { INLINED_CSS } from './vite-prerender.ts';

const DEPS = /__vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)/;

/**
 * A lazy chunk's import lists the stylesheets of every chunk it imports, the first screen's too, and Vite
 * inserts a `<link rel="stylesheet">` for any it does not find in the document before the import resolves.
 * The first screen's stylesheet is inside every HTML response (INLINED_CSS, scripts/vite-prerender.ts), so
 * it would be downloaded again, and offline, where the service worker does not keep it, the import would
 * fail ('Unable to preload CSS'). Vite's `modulePreload.resolveDependencies` sees only scripts; this takes
 * it out of each import's list (`__vite__mapDeps([…])`) in the written chunks. The list of files itself
 * stays as it is, so the other indexes still point where they did.
 */
export function dropInlinedCss(code: string): string {
  const deps = DEPS.exec(code);
  if (!deps) return code;
  const files = JSON.parse(deps[1]!) as string[];
  const drop = new Set(files.flatMap((file, i) => (INLINED_CSS.test(file) ? [i] : [])));
  if (drop.size === 0) return code;
  let calls = 0;
  const out = code.replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_all, ids: string) => {
    calls += 1;
    const kept = ids.split(',').filter((id) => id !== '' && !drop.has(Number(id)));
    return `__vite__mapDeps([${kept.join(',')}])`;
  });
  // Vite's output changed shape: fail the build rather than ship a preload of the inlined stylesheet.
  if (calls === 0)
    throw new Error('inlined CSS: a chunk lists it but no __vite__mapDeps([…]) call was found');
  return out;
}

export function inlinedCssNotPreloaded(): Plugin {
  return {
    name: 'hobbiz-inlined-css-not-preloaded',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      for (const [name, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const file = join(options.dir ?? '', name);
        const code = readFileSync(file, 'utf8');
        const next = dropInlinedCss(code);
        if (next !== code) writeFileSync(file, next);
      }
    },
  };
}
