import { foldDiacritics } from '../search.ts';

/**
 * The 12 tiles of the home page's 'Explorează categorii' grid (spec doc 1 §3). They are friendlier, shorter
 * names than the 14 listing categories; each tile opens the listing of the closest category.
 */
export type HomeCategory = {
  name: string;
  slug: string;
  /** Icon under pwa/public/categories/. */
  image: string;
  /** Tile background; light enough for dark text. */
  color: string;
  hint: string;
  /** Name of the category (see categories.ts) whose listing the tile opens. */
  category: string;
};

function tile(name: string, slug: string, color: string, hint: string, category: string): HomeCategory {
  return { name, slug, image: `/categories/${slug}.svg`, color, hint, category };
}

export const HOME_CATEGORIES: readonly HomeCategory[] = [
  tile('Fotografie', 'fotografie', '#fde2e4', 'Ședințe foto, evenimente și editare', 'Fotografie'),
  tile(
    'Prăjituri',
    'prajituri',
    '#ffe8cc',
    'Torturi și bunătăți făcute în casă',
    'Prăjituri, Băcănie, Gătit',
  ),
  tile('Muzică', 'muzica', '#e5dbff', 'Lecții, formații și instrumente', 'Muzică, Teatru, Dans'),
  tile(
    'Reparații',
    'reparatii',
    '#d3f9d8',
    'Meșteri pricepuți pentru orice defecțiune',
    'Reparații, Instalații, Bricolaj',
  ),
  tile('Dans', 'dans', '#ffdeeb', 'Cursuri de dans și dansul mirilor', 'Muzică, Teatru, Dans'),
  tile(
    'Curățenie',
    'curatenie',
    '#d0ebff',
    'O casă curată, fără bătăi de cap',
    'Curățenie, Întreținere casă',
  ),
  // Garden upkeep sits with home upkeep (the category has a 'Grădină & Exterior' column).
  tile(
    'Grădinărit',
    'gradinarit',
    '#e3f5c4',
    'Grădini îngrijite și plante sănătoase',
    'Curățenie, Întreținere casă',
  ),
  // Coaches and sport lessons are courses (the category has a 'Sport & Mișcare' column).
  tile('Sport', 'sport', '#c5f6fa', 'Antrenori și cursuri pentru mișcare', 'Meditații & Cursuri'),
  tile('Artă', 'arta', '#fff3bf', 'Tablouri, ilustrații și cadouri unicat', 'Grafică & Design'),
  // Websites, apps and IT help are offered to businesses (the category has a 'Servicii IT & Web' column).
  tile('Tehnologie', 'tehnologie', '#dbe4ff', 'Site-uri, aplicații și ajutor IT', 'Business'),
  tile('Auto', 'auto', '#e9ecef', 'Detailing, piese și service', 'Auto, Moto, Biciclete'),
  tile(
    'Meditații',
    'meditatii',
    '#ffe3e3',
    'Meditații și cursuri pentru toate vârstele',
    'Meditații & Cursuri',
  ),
];

export const FALLBACK_HINT = 'Descoperă anunțuri din această categorie';

/** Hint of a home tile by its name; tolerant of missing diacritics ('Prajituri'), as older links had. */
export function categoryHint(name: string): string {
  const exact = HOME_CATEGORIES.find((c) => c.name === name);
  if (exact) return exact.hint;
  const folded = foldDiacritics(name.trim());
  return HOME_CATEGORIES.find((c) => foldDiacritics(c.name) === folded)?.hint ?? FALLBACK_HINT;
}
