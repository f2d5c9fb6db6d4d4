import { SUBTOPIC_KEYWORDS, TILE_KEYWORDS, type TopicDefinition } from '../data/topics.ts';
import {
  analyze,
  contentWords,
  foldDiacritics,
  matchesQuery,
  type Phrase,
  STOP_WORDS,
  type TextQuery,
  wordForms,
  wordGroup,
  words,
} from '../text.ts';
import { CATEGORIES } from './categories.ts';

/**
 * Topics (issues 12 and 20): a sub-topic chip of the category menu ('Miere de albine') or a home tile that
 * is not a whole category ('Sport'). A topic is a small query (schema/text.ts's TextQuery): groups that
 * must all match, each satisfied by any one of its terms, and words that exclude an announcement. It is
 * written in data/topics.ts where the name alone would mislead; otherwise every significant word of the
 * name is required, in any of its forms ('Torturi aniversare' needs a cake word and an anniversary word),
 * not any one of them ('Piese auto' listed a bicycle repair through 'piese').
 *
 * A term is a folded word; with a trailing '*' it also matches the words it begins ('tort*' → 'torturi'),
 * without it the word in any of its inflected forms ('miere' → 'mierea'). The server runs the query over
 * its index (repositories/search.ts, search-pg.ts), the offline listing runs matchesTopic: the same rule.
 */

/** Upper bound on the terms of one topic (the longest keyword list has ~50). */
export const TOPIC_TERMS_MAX = 64;

/** Words of a name that say nothing about what a topic is about, besides the stop words. */
const NAME_FILLERS = new Set(['alegerea', 'servicii', 'tot', 'toate', 'uri', 'primul', 'primului']);

/** Significant words of a name. */
const nameWords = (name: string) =>
  contentWords(name).filter((w) => !NAME_FILLERS.has(w) && !STOP_WORDS.has(w));

/** A term of a definition as phrases: 'x*' a prefix of a folded word, 'x' the word in its forms. */
function termPhrases(term: string): Phrase[] {
  if (term.endsWith('*')) return [{ term: foldDiacritics(term.slice(0, -1)), prefix: true }];
  return wordGroup(foldDiacritics(term), false);
}

const listTerms = (list: string) => list.split(/\s+/).filter((t) => t !== '');
const group = (list: string): Phrase[] => dedupe(listTerms(list).flatMap(termPhrases));
const dedupe = (phs: Phrase[]) => {
  const seen = new Set<string>();
  return phs.filter((p) => {
    const k = `${p.prefix ? '*' : '='}${p.term}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** A definition of data/topics.ts as a query. */
export function definitionQuery(def: TopicDefinition): TextQuery {
  const d = typeof def === 'string' ? { all: [def] } : def;
  return { groups: d.all.map(group), not: d.not ? group(d.not) : [] };
}

const key = (s: string) => words(s).join(' ');
const TILES = new Map(Object.entries(TILE_KEYWORDS).map(([name, def]) => [key(name), { name, def }]));
const SUBTOPICS = new Map(Object.entries(SUBTOPIC_KEYWORDS).map(([name, def]) => [key(name), def]));
/** Every sub-topic of the menu by its loose key, to give back its written name (title of the page). */
const SUBTOPIC_NAMES = new Map<string, string>();
for (const c of CATEGORIES)
  for (const col of c.columns) for (const t of col.topics) SUBTOPIC_NAMES.set(key(t), t);

/**
 * The query of a topic: a tile's or a sub-topic's definition (data/topics.ts) when it has one, otherwise
 * every significant word of its name. Inside a category, the words of the category's own name are left
 * out (all of its announcements are about them: 'Fotografie de nuntă' in Fotografie needs only a wedding
 * word), unless nothing else remains. No groups when the text has no significant word (no filter).
 */
export function topicQuery(topic: string, category?: string): TextQuery {
  const k = key(topic);
  const def = TILES.get(k)?.def ?? SUBTOPICS.get(k);
  if (def) return capped(definitionQuery(def));
  let ws = nameWords(topic);
  if (category) {
    const own = new Set(nameWords(category).flatMap((w) => wordForms(w)));
    const rest = ws.filter((w) => !wordForms(w).some((f) => own.has(f)));
    if (rest.length > 0) ws = rest;
  }
  return capped({ groups: [...new Set(ws)].map((w) => wordGroup(w, false)), not: [] });
}

/** At most TOPIC_TERMS_MAX phrases (bounded work whatever a definition or a typed topic holds). */
function capped(t: TextQuery): TextQuery {
  let left = TOPIC_TERMS_MAX;
  const groups: Phrase[][] = [];
  for (const g of t.groups) {
    if (left <= 0) break;
    groups.push(g.slice(0, left));
    left -= g.length;
  }
  return { groups, not: t.not.slice(0, TOPIC_TERMS_MAX) };
}

/**
 * The query of a home tile or a menu sub-topic when the text is exactly its name ('Sport', 'gradinarit'),
 * else null: typed in the search box, such a name means the topic ('Sport' is not only the word sport).
 */
export function namedTopic(text: string): TextQuery | null {
  const k = key(text);
  if (!TILES.has(k) && !SUBTOPIC_NAMES.has(k)) return null;
  const t = topicQuery(text);
  return t.groups.length > 0 ? t : null;
}

/** How a topic is written as a page title: the tile's or the sub-topic's own spelling, else as given. */
export function topicTitle(topic: string): string {
  const k = key(topic);
  return TILES.get(k)?.name ?? SUBTOPIC_NAMES.get(k) ?? topic.trim();
}

/** True when the title and the description satisfy the topic's query (no groups: every announcement). */
export function matchesTopic(query: TextQuery, title: string, description: string): boolean {
  return matchesQuery(query, analyze(title), analyze(description));
}
