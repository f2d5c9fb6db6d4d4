import { SUGGEST_MAX, type Suggestion, topicSuggestions, typedWords } from '../../../schema/suggest.ts';
import { STOP_WORDS, type TextQuery, wordForms, wordGroup } from '../../../schema/text.ts';
import type { SearchVocab } from '../repositories/search-vocab.ts';

/** Catalogue words read per suggestion request, before the ones that go with the typed words are kept. */
const CANDIDATES = 24;
/** Checks that a completion finds announcements together with the words before it (one row read each). */
const CHECKS_MAX = 12;

type Engine = { exists(t: TextQuery): Promise<boolean> };

/**
 * Suggestions while typing (schema/suggest.ts): topics whose name fits, then the catalogue's words that
 * complete the last word, most common first; after other words, only a completion that finds
 * announcements together with them ('tort ci' → 'tort ciocolata', not 'tort cinema'). Bounded: one range
 * read of the vocabulary and at most CHECKS_MAX one-row index probes.
 */
export async function suggest(engine: Engine, vocab: SearchVocab, q: string): Promise<Suggestion[]> {
  const typed = typedWords(q);
  if (!typed) return [];
  const out = topicSuggestions(q);
  const before = typed.before.filter((w) => !STOP_WORDS.has(w));
  const words = await vocab.completions(typed.last, CANDIDATES);
  let checks = 0;
  const stems = new Set<string>();
  for (const w of words) {
    if (out.length >= SUGGEST_MAX) break;
    if (STOP_WORDS.has(w)) continue;
    // One form of a word ('nunta', not also 'nunti' and 'nuntii'): the most common, listed first.
    const stem = wordForms(w)[1] ?? w;
    if (stems.has(stem)) continue;
    stems.add(stem);
    const text = [...typed.before, w].join(' ');
    if (before.length > 0) {
      if (checks++ >= CHECKS_MAX) break;
      // The completed word whole (its forms), with the words before it.
      const together = { groups: [...before, w].map((x) => wordGroup(x, false)), not: [] };
      if (!(await engine.exists(together))) continue;
    }
    out.push({ text });
  }
  return out;
}
