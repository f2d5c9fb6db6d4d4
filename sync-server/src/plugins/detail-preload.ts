import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '../../../schema/constants.ts';
import type { AnnouncementRow } from '../../../schema/db/tables.ts';
import { formatDate, formatPrice, idTail } from '../../../schema/format.ts';
import { isObjectId } from '../../../schema/ids.ts';
import { imageSrcSet, imageVariant, normalizeImagePath } from '../../../schema/images.ts';
import { escapeHtml } from '../lib/html.ts';
import type { AnnouncementsRepository } from '../repositories/announcements.ts';

type ManifestEntry = { file: string; css?: string[]; imports?: string[] };

/** The detail page's photo box (ImageCarousel): the preload must ask for what the <img> will choose. */
const CAROUSEL_SIZES = '(max-width: 900px) 100vw, 720px';
const DETAIL_ROUTE = 'src/routes/announcement/$id.lazy.tsx';

/**
 * The first screen of the announcement as plain HTML, with the same elements and classes as the React
 * page (DetailPage.tsx), so the picture and the title paint from the first response. The app renders the
 * real page beside it and swaps it in once the data is there (pwa/src/first-paint.ts); the text here is
 * escaped, it is user content.
 */
export function firstScreen(row: AnnouncementRow): string {
  const title = escapeHtml(row.title.trim() || 'Anunț fără titlu');
  const price = escapeHtml(formatPrice(row.price) || 'Preț la cerere');
  const images = row.images.map(normalizeImagePath).filter((p) => p !== '');
  const cover = images[0];
  const photo = cover
    ? `<div class="dcar" role="group" aria-roledescription="carusel" aria-label="Fotografiile anunțului: ${title}"><span class="dcar-open"><img class="dcar-img" src="${escapeHtml(imageVariant(cover, 640))}"${
        imageSrcSet(cover) ? ` srcset="${escapeHtml(imageSrcSet(cover))}"` : ''
      } sizes="${CAROUSEL_SIZES}" width="640" height="480" fetchpriority="high" alt="${title} — fotografia 1"></span><span class="dcar-count">1 / ${images.length}</span></div>`
    : '<div class="dcar dcar--empty"><span>Fără imagine</span></div>';
  const posted = formatDate(row.createdAt);
  return `<article class="page detail"><div class="detail-grid"><div class="detail-main">${photo}<p class="detail-date muted">${
    posted ? `Publicat pe ${escapeHtml(posted)}` : ''
  }</p><div class="detail-head"><h1>${title}</h1><div class="detail-actions" aria-hidden="true"><span class="fav-btn"></span><span class="icon-btn dshare"></span></div></div><a class="lchip detail-cat" href="/anunturi-categorie/${encodeURIComponent(row.category)}">${escapeHtml(row.category)}</a><p class="detail-price-top">${price}</p><h2 class="detail-sub">Descriere</h2><p class="detail-desc">${escapeHtml(row.description)}</p><div class="detail-meta muted"><span>ID: ${escapeHtml(idTail(row.id, LIMITS.idTailDetail))}</span></div></div><div class="detail-side"><p class="detail-price">${price}</p></div></div></article>`;
}

/**
 * A first visit straight to /announcement/{id} (a shared link) would otherwise learn of its photo only
 * after the app, the page's chunk and the data have arrived — four round trips on a weak network. The
 * shell sent for that path carries the page's first screen as HTML (photo, title, price, description)
 * with the page's stylesheet inlined, preloads the page's chunk and its imports, and names the
 * announcement in the title and the link-preview tags. Only for a public announcement; anything else gets
 * the plain shell. (The service worker serves its precached shell on later visits.)
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
  // What the shell itself loads: the chunks its <script> tags name (the build's manifest lists no entry
  // once the first screen's code is merged into one 'app' chunk), and everything they import.
  const loaded = new Set<string>();
  for (const key of Object.keys(manifest)) {
    if (html.includes(`src="/${manifest[key]!.file}"`)) closure(key, loaded);
  }
  const page = [...closure(DETAIL_ROUTE, new Set())].filter((k) => !loaded.has(k));
  const chunkLinks = page
    .map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`)
    .join('');
  // The page's styles go into the response itself (a few kB): a stylesheet request would hold the paint
  // back by a round trip. The chunk still links them when it loads; applying them twice is harmless.
  const styles = [...new Set(page.flatMap((k) => manifest[k]!.css ?? []))]
    .map((c) => join(dist, c))
    .filter((file) => existsSync(file))
    .map((file) => `<style>${readFileSync(file, 'utf8')}</style>`)
    .join('');
  const main = /<main id="main">[\s\S]*?<\/main>/;
  const canPaint = main.test(html) && html.includes('<div id="root">');

  return async function htmlFor(path: string): Promise<string | null> {
    const m = /^\/announcement\/([^/]+)\/?$/.exec(path);
    if (!m || !isObjectId(m[1]!)) return null;
    const row = await repo.byId(m[1]!);
    if (!row || row.deleted || !row.active) return null;
    const cover = normalizeImagePath(row.images[0] ?? '');
    const title = escapeHtml(`${row.title.trim() || 'Anunț'} — Hobbiz`);
    const description = escapeHtml(row.description.slice(0, 200));
    const meta = `<meta property="og:type" content="website"><meta property="og:title" content="${title}"><meta property="og:description" content="${description}">${
      cover.startsWith('/uploads/')
        ? `<meta property="og:image" content="${escapeHtml(imageVariant(cover, 640))}">`
        : ''
    }`;
    const preload = cover
      ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(imageVariant(cover, 640))}"${
          imageSrcSet(cover)
            ? ` imagesrcset="${escapeHtml(imageSrcSet(cover))}" imagesizes="${CAROUSEL_SIZES}"`
            : ''
        }>`
      : '';
    let out = html
      .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
      .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${description}">`)
      .replace('</head>', () => `${preload}${chunkLinks}${styles}${meta}</head>`);
    if (canPaint) {
      out = out
        .replace('<div id="root">', () => `<div id="root" data-first-paint="${escapeHtml(path)}">`)
        .replace(main, () => `<main id="main">${firstScreen(row)}</main>`);
    }
    return out;
  };
}
