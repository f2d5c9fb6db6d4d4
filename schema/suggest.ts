import { CATEGORIES } from './catalog/categories.ts';
import { HOME_CATEGORIES } from './catalog/home-grid.ts';
import { STOP_WORDS, spelledContentWords, wordForms, words, writtenWords } from './text.ts';
import { betterSpelling } from './words.ts';

/**
 * Suggestions while typing (issue 20, item 7), shared by the server (`GET /api/announcements/suggest`) and
 * the device offline: up to SUGGEST_MAX completions of what is being typed — the topics (home tiles and
 * menu sub-topics) whose name has every typed word as the beginning of one of its words, then the words of
 * the catalogue that complete the last word (the server's vocabulary, or the titles the device holds).
 */
export const SUGGEST_MAX = 6;
/** At most this many of the suggestions are topics (the rest complete the words). */
export const SUGGEST_TOPICS_MAX = 3;
/** Shortest last word that is completed (one letter would list half the catalogue). */
export const SUGGEST_MIN = 2;
/** Longest text completed (a pasted paragraph is not a word being typed). */
export const SUGGEST_Q_MAX = 100;

/** One suggestion: the text to show and search, or a topic page (`subiect`, in `category` when set). */
export type Suggestion = { text: string; subiect?: string; category?: string };

type TopicEntry = { name: string; category?: string; words: string[] };

const TOPICS: TopicEntry[] = [
  ...HOME_CATEGORIES.filter((t) => t.topic).map((t) => ({
    name: t.name,
    category: t.category,
    words: words(t.name),
  })),
  ...CATEGORIES.flatMap((c) =>
    c.columns.flatMap((col) => col.topics.map((name) => ({ name, category: c.name, words: words(name) }))),
  ),
];

/**
 * The typed words (folded), the last one being typed, and the words before it as the person wrote them
 * (lower case, diacritics kept: what the suggestions show); null when there is nothing to complete.
 */
export function typedWords(q: string): { before: string[]; last: string; written: string[] } | null {
  if (q.length > SUGGEST_Q_MAX) return null;
  const ws = words(q);
  const last = ws.pop();
  if (!last || last.length < SUGGEST_MIN || /[^\p{L}\p{N}]$/u.test(q)) return null;
  const asWritten = writtenWords(q).map((w) => w.written);
  // The same split unless the text holds detached marks; then the folded words are shown.
  const written = asWritten.length === ws.length + 1 ? asWritten.slice(0, -1) : ws;
  return { before: ws, last, written };
}

/**
 * True when a word (its `forms`, schema/text.ts) meets a word already offered — one of its forms is one
 * of theirs, as the search would match them ('chitare' after 'chitara', 'nunti' after 'nunta'): one
 * suggestion per word.
 */
export const otherFormOf = (offered: ReadonlySet<string>, forms: readonly string[]) =>
  forms.some((f) => offered.has(f));

/** A completion's text: the words typed before, as written, then the completed word as spelt. */
export const completionText = (typed: { written: string[] }, spelt: string) =>
  [...typed.written, spelt].join(' ');

/** Topics whose name holds every typed word as the beginning of one of its words (tiles first). */
export function topicSuggestions(q: string, max = SUGGEST_TOPICS_MAX): Suggestion[] {
  const typed = typedWords(q);
  if (!typed) return [];
  const wanted = [...typed.before.filter((w) => !STOP_WORDS.has(w)), typed.last];
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  for (const t of TOPICS) {
    if (out.length >= max) break;
    if (seen.has(t.name)) continue;
    if (wanted.every((w) => t.words.some((tw) => tw.startsWith(w)))) {
      seen.add(t.name);
      out.push({ text: t.name, subiect: t.name, ...(t.category ? { category: t.category } : {}) });
    }
  }
  return out;
}

/**
 * The device's suggestions: topics, then the words of the titles it holds that complete the last word
 * (most frequent first), after the words already typed.
 */
export function offlineSuggestions(q: string, titles: readonly string[]): Suggestion[] {
  const typed = typedWords(q);
  if (!typed) return [];
  const out = topicSuggestions(q);
  const counts = new Map<string, number>();
  const spelt = new Map<string, string>();
  for (const title of titles)
    for (const [w, written] of spelledContentWords(title)) {
      if (!w.startsWith(typed.last) || w === typed.last) continue;
      counts.set(w, (counts.get(w) ?? 0) + 1);
      spelt.set(w, betterSpelling(w, spelt.get(w), written));
    }
  const offered = new Set<string>();
  for (const [w] of [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (out.length >= SUGGEST_MAX) break;
    const forms = wordForms(w);
    if (otherFormOf(offered, forms)) continue;
    for (const f of forms) offered.add(f);
    out.push({ text: completionText(typed, spelt.get(w) ?? w) });
  }
  return out;
}
