import { foldDiacritics } from '../words.ts';

/**
 * The 12 tiles of the home page's 'Explorează categorii' grid (spec doc 1 §3). They are friendlier, shorter
 * names than the 14 listing categories. A tile's page is about what the tile says (issue 12, item 8):
 * - a tile that names a whole category opens that category's listing (its title begins with the tile's
 *   word: 'Reparații' → 'Reparații, Instalații, Bricolaj');
 * - a tile that is one part of a category ('Dans') or spans several ('Sport', 'Tehnologie') opens a topic
 *   page titled with the tile's name: that category, or every category, with the tile's keywords
 *   (data/topics.ts; see catalog/topics.ts).
 */
export type HomeCategory = {
  name: string;
  slug: string;
  /** Icon under pwa/public/categories/. */
  image: string;
  /** Tile background; light enough for dark text. */
  color: string;
  hint: string;
  /** The category (see categories.ts) the tile's page lists; absent: every category. */
  category?: string;
  /** True when the page is the tile's topic (`subiect` = the tile's name), not the whole category. */
  topic: boolean;
};

type Opens = { category: string } | { topic: true; category?: string };

function tile(name: string, slug: string, color: string, hint: string, opens: Opens): HomeCategory {
  return { name, slug, image: `/categories/${slug}.svg`, color, hint, topic: 'topic' in opens, ...opens };
}

const MUSIC = 'Muzică, Teatru, Dans';

export const HOME_CATEGORIES: readonly HomeCategory[] = [
  tile('Fotografie', 'fotografie', '#fde2e4', 'Ședințe foto, evenimente și editare', {
    category: 'Fotografie',
  }),
  tile('Prăjituri', 'prajituri', '#ffe8cc', 'Torturi și bunătăți făcute în casă', {
    category: 'Prăjituri, Băcănie, Gătit',
  }),
  tile('Muzică', 'muzica', '#e5dbff', 'Lecții, formații și instrumente', { topic: true, category: MUSIC }),
  tile('Reparații', 'reparatii', '#d3f9d8', 'Meșteri pricepuți pentru orice defecțiune', {
    category: 'Reparații, Instalații, Bricolaj',
  }),
  tile('Dans', 'dans', '#ffdeeb', 'Cursuri de dans și dansul mirilor', { topic: true, category: MUSIC }),
  tile('Curățenie', 'curatenie', '#d0ebff', 'O casă curată, fără bătăi de cap', {
    category: 'Curățenie, Întreținere casă',
  }),
  // Gardens, sport, art and technology are offered in several categories: each is a topic of them all.
  tile('Grădinărit', 'gradinarit', '#e3f5c4', 'Grădini îngrijite și plante sănătoase', { topic: true }),
  tile('Sport', 'sport', '#c5f6fa', 'Antrenori și cursuri pentru mișcare', { topic: true }),
  tile('Artă', 'arta', '#fff3bf', 'Tablouri, ilustrații și cadouri unicat', { topic: true }),
  tile('Tehnologie', 'tehnologie', '#dbe4ff', 'Site-uri, aplicații și ajutor IT', { topic: true }),
  tile('Auto', 'auto', '#e9ecef', 'Detailing, piese și service', { category: 'Auto, Moto, Biciclete' }),
  tile('Meditații', 'meditatii', '#ffe3e3', 'Meditații și cursuri pentru toate vârstele', {
    category: 'Meditații & Cursuri',
  }),
];

export const FALLBACK_HINT = 'Descoperă anunțuri din această categorie';

/** Hint of a home tile by its name; tolerant of missing diacritics ('Prajituri'), as older links had. */
export function categoryHint(name: string): string {
  const exact = HOME_CATEGORIES.find((c) => c.name === name);
  if (exact) return exact.hint;
  const folded = foldDiacritics(name.trim());
  return HOME_CATEGORIES.find((c) => foldDiacritics(c.name) === folded)?.hint ?? FALLBACK_HINT;
}

/**
 * The topic tile named `raw` (with or without diacritics, any case): 'Grădinărit', 'Sport', 'Artă',
 * 'Tehnologie', 'Muzică', 'Dans'. A client that sends one as a category gets what the tile shows (issue 25).
 */
export function topicTileNamed(raw: string): HomeCategory | undefined {
  const folded = foldDiacritics(raw.trim()).toLowerCase();
  return HOME_CATEGORIES.find((c) => c.topic && foldDiacritics(c.name).toLowerCase() === folded);
}

/**
 * Where an announcement published with a cross-category tile's word goes (issue 45 item 20): the spec's own
 * client offers the 12 tiles as its category picker and sends 'Gradinarit', 'Sport', 'Arta', 'Tehnologie'.
 * Each goes to the category whose menu has the tile's column (Grădină & Exterior, Sport & Mișcare,
 * Ilustrație & Artă, Servicii IT & Web); the tile's own page still lists it, by its words, among the
 * others of its topic.
 */
const TILE_MAIN_CATEGORY: Readonly<Record<string, string>> = {
  Grădinărit: 'Curățenie, Întreținere casă',
  Sport: 'Meditații & Cursuri',
  Artă: 'Grafică & Design',
  Tehnologie: 'Business',
};

/** The category a publish with a topic tile's word is stored in, or undefined when `raw` names no tile. */
export function publishCategoryOfTile(raw: string): string | undefined {
  const tile = topicTileNamed(raw);
  return tile ? (tile.category ?? TILE_MAIN_CATEGORY[tile.name]) : undefined;
}
