import {
  completionText,
  otherFormOf,
  SUGGEST_MAX,
  type Suggestion,
  topicSuggestions,
  typedWords,
} from '../../../schema/suggest.ts';
import { STOP_WORDS, type TextQuery, wordForms, wordGroup } from '../../../schema/text.ts';
import type { SearchVocab } from '../repositories/search-vocab.ts';

/** Catalogue words read per suggestion request, before the ones that go with the typed words are kept. */
const CANDIDATES = 40;
/**
 * After other words, a completion is offered when it is among the words of this many announcements
 * holding them (the newest; on PostgreSQL, for words under ~10k announcements, the first the word index
 * gives): one read of their analysed texts (an exact check per completion cost up to 12 ms at a million
 * announcements when the two words never meet, their long lists read whole).
 */
export const SUGGEST_SAMPLE = 200;
/** Samples kept per engine for the next keystrokes ('tort c', 'tort ci', 'tort cio' share one). */
const SAMPLES_KEPT = 64;
const SAMPLE_MS = 10_000;

type Engine = { texts(t: TextQuery, k: number): Promise<string[]> };
type Sample = { at: number; words: Set<string> };
const samples = new WeakMap<Engine, Map<string, Sample>>();

/** The words (tokens of the analysed texts) of the newest SUGGEST_SAMPLE announcements holding `before`. */
async function wordsWith(engine: Engine, before: string[], now: number): Promise<Set<string>> {
  const kept = samples.get(engine) ?? new Map<string, Sample>();
  samples.set(engine, kept);
  const key = before.join(' ');
  const hit = kept.get(key);
  kept.delete(key);
  if (hit && now - hit.at < SAMPLE_MS) {
    kept.set(key, hit);
    return hit.words;
  }
  const t = { groups: before.map((x) => wordGroup(x, false)), not: [] };
  const words = new Set<string>();
  for (const text of await engine.texts(t, SUGGEST_SAMPLE)) for (const w of text.split(' ')) words.add(w);
  kept.set(key, { at: now, words });
  if (kept.size > SAMPLES_KEPT) kept.delete(kept.keys().next().value!);
  return words;
}

/**
 * Suggestions while typing (schema/suggest.ts): topics whose name fits, then the catalogue's words that
 * complete the last word, most common first; after other words, only a completion found in the newest
 * announcements holding them ('tort ci' → 'tort ciocolata', not 'tort cinema'). Bounded: one range read
 * of the vocabulary and, after other words, one read of SUGGEST_SAMPLE rows (kept 10 s for the next
 * keystrokes).
 */
export async function suggest(
  engine: Engine,
  vocab: SearchVocab,
  q: string,
  now = Date.now(),
): Promise<Suggestion[]> {
  const typed = typedWords(q);
  if (!typed) return [];
  const out = topicSuggestions(q);
  const before = typed.before.filter((w) => !STOP_WORDS.has(w));
  const words = await vocab.completions(typed.last, CANDIDATES);
  const together = before.length > 0 ? await wordsWith(engine, before, now) : null;
  const offered = new Set<string>();
  for (const { word: w, shown } of words) {
    if (out.length >= SUGGEST_MAX) break;
    if (STOP_WORDS.has(w)) continue;
    // One form of a word ('nunta', not also 'nunti' and 'nuntii'): the most common, listed first.
    const forms = wordForms(w);
    if (otherFormOf(offered, forms)) continue;
    // The completed word whole (any of its forms) in an announcement with the words before it.
    if (together && !forms.some((f) => together.has(f))) continue;
    for (const f of forms) offered.add(f);
    out.push({ text: completionText(typed, shown) });
  }
  return out;
}
