import { useEffect, useState } from 'react';
import type { suggestAnswer } from '../../../../schema/api/announcements.ts';
import { offlineSuggestions, type Suggestion, typedWords } from '../../../../schema/suggest.ts';
import { type Answer, api } from '../../api/client.ts';
import { currentDatabase } from '../../db/registry.ts';

/** Pause after a keystroke before suggestions are asked for (fewer requests while typing fast). */
const SUGGEST_PAUSE_MS = 120;

/**
 * Suggestions for the text being typed (issue 20, item 7): the server's (`GET /api/announcements/suggest`)
 * when it answers, else the same rule over the titles this phone holds (schema/suggest.ts).
 */
export function useSuggestions(text: string, enabled: boolean): Suggestion[] {
  const [list, setList] = useState<Suggestion[]>([]);
  useEffect(() => {
    if (!enabled || !typedWords(text)) {
      setList([]);
      return;
    }
    let alive = true;
    const timer = setTimeout(async () => {
      let next: Suggestion[];
      try {
        const r = await api<Answer<typeof suggestAnswer>>(
          `/api/announcements/suggest?q=${encodeURIComponent(text)}`,
        );
        next = r.suggestions;
      } catch {
        const db = currentDatabase();
        const docs = db ? await db.announcements.find({ selector: { active: true } }).exec() : [];
        next = offlineSuggestions(
          text,
          docs.map((d) => d.title),
        );
      }
      if (alive) setList(next);
    }, SUGGEST_PAUSE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [text, enabled]);
  return list;
}
