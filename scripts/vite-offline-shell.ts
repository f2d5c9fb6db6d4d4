import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INLINED_CSS } from './vite-prerender.ts';

/**
 * The pages a guest can open offline after a first visit that saw only the home: the home and the
 * announcement page, since the home's cards are on the phone (the working set)
 * and tapping one is what an offline visitor does; plus the local database and the worker's registration.
 * Their chunks, with what they import and their CSS, form the precache. Every other hashed chunk (a
 * listing, favourites, the desktop's category overlay, the publish form, chat, settings, static pages, the SIRUTA place names) is kept by
 * the service worker the first time a page needs it (CacheFirst on /assets/) — a listing opened once
 * opens offline after — or in the background once a person signs in (features/offline/signed-in-pages.ts).
 * docs/decisions.md, "First visit's bytes", weighs this against the bytes of a first visit.
 */
export const OFFLINE_PAGES = ['src/db/boot.ts', 'src/sw-register.ts', 'src/routes/announcement/$id.lazy.tsx'];

type ManifestChunk = { file: string; src?: string; imports?: string[]; css?: string[] };

/**
 * The hashed files (paths relative to the build folder, e.g. `assets/app-x.js`) the offline pages need:
 * the scripts the built index.html loads and the chunks of OFFLINE_PAGES, each with its static imports
 * and their CSS, read from Vite's build manifest (`.vite/manifest.json`). Throws if a page is missing
 * from the build (a renamed file must not silently leave the precache).
 */
export function offlineShellFiles(outDir: string, pages = OFFLINE_PAGES): Set<string> {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const roots = [...html.matchAll(/["'(]\/(assets\/[^"')?#]+)/g)].map((m) => byFile.get(m[1]!) ?? m[1]!);
  for (const page of pages) {
    const key = Object.keys(manifest).find((k) => manifest[k]!.src === page);
    if (!key) throw new Error(`offline shell: ${page} is not in the build manifest`);
    roots.push(key);
  }
  const files = new Set<string>();
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      files.add(key); // a file index.html names that the manifest does not list (e.g. a stylesheet)
      continue;
    }
    files.add(chunk.file);
    // The app chunk's stylesheet is inside every HTML response (INLINED_CSS): no page fetches it.
    for (const css of chunk.css ?? []) if (!INLINED_CSS.test(css)) files.add(css);
    stack.push(...(chunk.imports ?? []));
  }
  return files;
}
