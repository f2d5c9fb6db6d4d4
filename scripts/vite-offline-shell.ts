import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The pages a guest can browse offline from the first visit on: home (and its category overlay), a
 * listing, a detail, favourites; plus the local database and the worker's registration. Their chunks,
 * with what they import and their CSS, form the precache; every other hashed chunk (publish form, chat,
 * settings, static pages, the SIRUTA place names) is cached by the service worker when a page first
 * needs it (CacheFirst on /assets/), or in the background once a person signs in (sw-register.ts).
 */
export const OFFLINE_PAGES = [
  'src/db/boot.ts',
  'src/sw-register.ts',
  'src/features/home/CategoryOverlay.tsx',
  'src/routes/anunturi-categorie/$category.lazy.tsx',
  'src/routes/announcement/$id.lazy.tsx',
  'src/routes/favorite-announcements.lazy.tsx',
];

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
    // The app chunk's stylesheet too, although the prerender inlines it: Vite preloads it with some lazy
    // imports (the publish queue's), which fail offline without it.
    for (const css of chunk.css ?? []) files.add(css);
    stack.push(...(chunk.imports ?? []));
  }
  return files;
}
