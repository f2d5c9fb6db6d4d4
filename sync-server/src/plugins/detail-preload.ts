import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageSrcSet, imageVariant } from '../../../schema/images.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';

type ManifestEntry = { file: string; css?: string[]; imports?: string[] };

/** The detail page's photo box (ImageCarousel): the preload must ask for what the <img> will choose. */
const CAROUSEL_SIZES = '(max-width: 900px) 100vw, 720px';
const DETAIL_ROUTE = 'src/routes/announcement/$id.lazy.tsx';

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * A first visit straight to /announcement/{id} (a shared link) otherwise learns of its photo only after
 * the app, the page's chunk and the data have arrived — four round trips on a weak network. The shell
 * sent for that path names the page's chunk, its stylesheet and the cover photo in <link rel=preload>,
 * so they download while the app starts. Only for a public announcement; anything else gets the plain
 * shell. (The service worker serves its precached shell on later visits.)
 */
export function detailPreloader(dist: string, repo: AnnouncementsRepository) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifestFile = join(dist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestEntry> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  // The page's chunk and every chunk it imports that the entry does not already load.
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key]!.imports ?? []) closure(dep, into);
    return into;
  };
  const entry = Object.keys(manifest).find((k) => k.endsWith('index.html'));
  const loaded = entry ? closure(entry, new Set()) : new Set<string>();
  const page = [...closure(DETAIL_ROUTE, new Set())].filter((k) => !loaded.has(k));
  const chunkLinks = [
    ...page.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`),
    ...[...new Set(page.flatMap((k) => manifest[k]!.css ?? []))].map(
      (c) => `<link rel="preload" as="style" href="/${c}">`,
    ),
  ].join('');

  return function htmlFor(path: string): string | null {
    const m = /^\/announcement\/([0-9a-f]{24})\/?$/.exec(path);
    if (!m) return null;
    const row = repo.byId(m[1]!);
    if (!row || row.deleted || !row.active) return null;
    const cover = row.images[0];
    const image = cover
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttr(imageVariant(cover, 640))}" imagesrcset="${escapeAttr(imageSrcSet(cover))}" imagesizes="${CAROUSEL_SIZES}">`
      : '';
    return html.replace('</head>', `${chunkLinks}${image}</head>`);
  };
}
