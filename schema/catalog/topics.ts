import { SUBTOPIC_KEYWORDS, TILE_KEYWORDS } from '../data/topics.ts';
import { words } from '../search.ts';
import { CATEGORIES } from './categories.ts';

/**
 * Topics (issue 12, items 8 and 9): a sub-topic chip of the category menu ('Miere de albine') or a home
 * tile that is not a whole category ('Sport'). A topic is a list of terms, and it finds the announcements
 * whose title or description holds ANY of them — unlike the search box, where every word must match
 * ('miere de albine' asked for all three words and found nothing). Ranked by relevance, the
 * announcements with more and rarer terms come first.
 *
 * A term is a folded word (no diacritics, lower case, as FTS5 stores tokens); with a trailing '*' it also
 * matches the words it begins. The server turns them into one FTS5 `OR` (repositories/search.ts), the
 * offline listing runs matchesTopic: the same rule on both sides.
 */

/** Words that say nothing about what a topic is about. */
const STOP_WORDS = new Set(
  (
    'de si sau pentru in la cu din pe a al ale ai fara dupa cum iti ta tau tale un o unui unei ce care ' +
    'sub prin spre intre primul primului alegerea servicii tot toate uri'
  ).split(' '),
);

/** Romanian inflection endings, longest first: 'torturi' and 'tortul' both become 'tort'. */
const ENDINGS = [
  'urilor',
  'urile',
  'ului',
  'ilor',
  'elor',
  'iile',
  'uri',
  'ele',
  'ile',
  'ii',
  'ul',
  'ea',
  'ia',
  'ie',
];
/** Words whose beginning is another word's ('media' → 'mediu', 'personal' → 'personalizat'): whole only. */
const WHOLE_WORDS = new Set(['media', 'online', 'public', 'personal', 'studio', 'laser', 'bike']);
const VOWELS = ['a', 'e', 'i', 'u'];
/** Shorter stems would match too many unrelated words ('cas' → 'casetă'). */
const MIN_STEM = 4;
/** Upper bound on the terms of one topic (the longest keyword list has ~50). */
export const TOPIC_TERMS_MAX = 64;

/** Stem of a folded word: one inflection ending removed while at least MIN_STEM letters remain. */
export function stem(word: string): string {
  for (const e of [...ENDINGS, ...VOWELS]) {
    if (word.endsWith(e) && word.length - e.length >= MIN_STEM) return word.slice(0, -e.length);
  }
  return word;
}

/** Terms of a name: its significant words, stemmed and matched as beginnings (short ones exactly). */
function nameTerms(name: string): string[] {
  return words(name)
    .filter((w) => !STOP_WORDS.has(w))
    .map((w) => (w.length < MIN_STEM || WHOLE_WORDS.has(w) ? w : `${stem(w)}*`));
}

const key = (s: string) => words(s).join(' ');
const parseList = (list: string) => list.split(/\s+/).filter((t) => t !== '');
const TILES = new Map(Object.entries(TILE_KEYWORDS).map(([name, list]) => [key(name), { name, list }]));
const SUBTOPICS = new Map(Object.entries(SUBTOPIC_KEYWORDS).map(([name, list]) => [key(name), list]));
/** Every sub-topic of the menu by its loose key, to give back its written name (title of the page). */
const SUBTOPIC_NAMES = new Map<string, string>();
for (const c of CATEGORIES)
  for (const col of c.columns) for (const t of col.topics) SUBTOPIC_NAMES.set(key(t), t);

/**
 * The terms of a topic: a tile's or a sub-topic's keyword list (data/topics.ts) when it has one,
 * otherwise the significant words of its name. Inside a category, the words of the category's own name
 * are left out (all of its announcements have them: 'Fotografie de nuntă' in Fotografie is 'nunt*'),
 * unless nothing else remains. Deduplicated, at most TOPIC_TERMS_MAX; [] when the text has no word.
 */
export function topicTerms(topic: string, category?: string): string[] {
  const k = key(topic);
  const listed = TILES.get(k)?.list ?? SUBTOPICS.get(k);
  let terms = listed ? parseList(listed) : nameTerms(topic);
  if (!listed && category) {
    const own = new Set(nameTerms(category));
    const rest = terms.filter((t) => !own.has(t));
    if (rest.length > 0) terms = rest;
  }
  return [...new Set(terms)].slice(0, TOPIC_TERMS_MAX);
}

/** How a topic is written as a page title: the tile's or the sub-topic's own spelling, else as given. */
export function topicTitle(topic: string): string {
  const k = key(topic);
  return TILES.get(k)?.name ?? SUBTOPIC_NAMES.get(k) ?? topic.trim();
}

/** True when the title or the description holds one of the terms (an empty list matches all). */
export function matchesTopic(terms: readonly string[], title: string, description: string): boolean {
  if (terms.length === 0) return true;
  const text = [...words(title), ...words(description)];
  return terms.some((t) =>
    t.endsWith('*') ? text.some((w) => w.startsWith(t.slice(0, -1))) : text.includes(t),
  );
}
