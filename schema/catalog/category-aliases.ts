import { CATEGORIES } from '../data/categories.ts';
import { words } from '../search.ts';

/**
 * What a client may send for a category, mapped to the stored name (issue 12 item 16). The spec's own
 * list spells some names without diacritics ('Prajituri, Băcănie, Gătit', 'Curatenie, Întreținere casă',
 * 'Imobiliare, Construcții, Amenajari'), other clients use short names ('Prăjituri', 'Muzica', 'Auto'):
 * all of them mean one of the 14 categories. One rule for publish, edit, the lists and the search, on the
 * server and in the PWA.
 *
 * Compared loosely: no case, no diacritics (ş/ţ with cedilla too), punctuation ignored, and '&', 'și',
 * 'si', 'and' are the same separator. Accepted: the full name, the slug, every part of a name between
 * commas or '&' when no other category has that part ('Gătit', 'Design', 'Întreținere casă'), and the few
 * extra names below. Home-grid words that are not categories (Sport, Artă, Tehnologie, Grădinărit) are
 * not aliases: they cover several categories.
 */
const EXTRA_ALIASES: Readonly<Record<string, string>> = {
  Foto: 'Fotografie',
  Prăjitură: 'Prăjituri, Băcănie, Gătit',
  Torturi: 'Prăjituri, Băcănie, Gătit',
  Meditație: 'Meditații & Cursuri',
  Reparație: 'Reparații, Instalații, Bricolaj',
};

const JOINERS = new Set(['si', 'and']);

/** Loose comparison key: folded words without the joiners ('Traduceri & Redactare' = 'traduceri si redactare'). */
export function categoryKey(s: string): string {
  return words(s)
    .filter((w) => !JOINERS.has(w))
    .join(' ');
}

function buildIndex(): Map<string, string> {
  const index = new Map<string, string>();
  const partOwners = new Map<string, Set<string>>();
  for (const c of CATEGORIES) {
    for (const part of c.name.split(/[,&]/)) {
      const k = categoryKey(part);
      if (k === '') continue;
      const owners = partOwners.get(k) ?? new Set<string>();
      owners.add(c.name);
      partOwners.set(k, owners);
    }
  }
  for (const [k, owners] of partOwners) if (owners.size === 1) index.set(k, [...owners][0]!);
  for (const [alias, name] of Object.entries(EXTRA_ALIASES)) index.set(categoryKey(alias), name);
  // Full names and slugs last: they win over any part or alias that folds the same.
  for (const c of CATEGORIES) {
    index.set(categoryKey(c.slug), c.name);
    index.set(categoryKey(c.name), c.name);
  }
  return index;
}

let index: Map<string, string> | undefined;

/** The stored category name a client's spelling means, or undefined when it names none. */
export function resolveCategory(raw: string): string | undefined {
  index ??= buildIndex();
  return index.get(categoryKey(raw));
}
