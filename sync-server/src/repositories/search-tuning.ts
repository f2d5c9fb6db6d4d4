import type { TextQuery } from '../../../schema/text.ts';
import type { MEMORY_LIMITS } from './search-memory.ts';

/**
 * The SQLite search's plan thresholds (search.ts chooses a plan with them; tests lower them to run every
 * plan on a small catalogue), measured at a million announcements.
 */

/** Up to this many matches (words ∩ filters), they are read whole and sorted; above, an index is walked. */
export const S_SMALL = 2000;
/**
 * Index entries a walk with words reads at least before giving up (then the matches are read and
 * sorted whole: 'meditatii' titles all start with M, cakes are never the dearest).
 */
export const WALK_BUDGET = 15_000;
/**
 * …and per match: at 1M (a 5 GB file, not all of it in the page cache) reading a match's row to sort it
 * costs ~10 µs ('meditatii' by title: 24k rows, 231 ms), a walked index entry checked against the set
 * ~0.3 µs (the same page by a walk of 506k entries: 133 ms), so up to 24 entries per match still pay.
 */
export const WALK_PER_MATCH = 24;
/** A listing (no words) up to this many rows is sorted whole; above, its order's index is walked. */
export const LIST_SORT_WHOLE = 200;
/**
 * Past this many matches a search in an order walks the order's index and looks each row up in the
 * full-text index, instead of listing the matches (at least 1 row in 50 of the catalogue matches then).
 */
export const BROAD = 20_000;
/** Index entries such a walk reads at most (then the order's index is walked against the matches). */
export const PROBE_WALK = 400;
/** Phrases of a query (words and their forms) up to which a broad search looks walked rows up. */
export const PROBE_PHRASES = 12;
export const phraseCount = (t: TextQuery) => t.groups.reduce((n, g) => n + g.length, t.not.length);
/** Matches counted to size a walk's budget (past it, the walk may read the whole index). */
export const MATCHES_COUNTED = 250_000;
/**
 * Relevance scores at most this many matches, the newest (a broad word at a million announcements
 * matches a hundred thousand; BM25 has no shortcut). Their statistics stay the whole index's.
 */
export const SCORE_CAP = 5_000;
/** Below this many filtered rows (B-tree count), the words' matches are taken among them. */
export const E_SMALL = 12_000;

/** Thresholds of the plan choice (tests lower them to run every plan on a small catalogue). */
export type SearchTuning = {
  small: number;
  walkBudget: number;
  filteredSmall: number;
  /** Index entries a walk may read per match (default WALK_PER_MATCH; 0: walkBudget alone). */
  walkPerMatch?: number;
  /** Matches past which a search in an order first looks walked rows up (default BROAD). */
  broad?: number;
  /** Index entries that walk reads before giving up (default PROBE_WALK). */
  probeWalk?: number;
  /**
   * Many matches in an order are paged from memory (search-memory.ts; default true); 'always': every
   * search with words in an order (tests: the rows changed since the ranks were made).
   */
  memory?: boolean | 'always';
  memoryLimits?: typeof MEMORY_LIMITS;
  /** Matches relevance scores at most, the newest (default SCORE_CAP; tests lower it). */
  scoreCap?: number;
  /** PostgreSQL: how pages in an order find their rows (default: search-pg.ts's orderPlan; tests). */
  pgPagePlan?: 'sort' | 'walk' | number;
  /** PostgreSQL: when its RUM indexes serve broad words (default search-pg.ts's RUM_USE; tests). */
  pgRum?: RumUse;
};

/**
 * When the PostgreSQL search uses its RUM indexes (search-pg-rum.ts), if they exist: 'auto' for broad
 * words, 'always' whenever they can serve (tests), 'never'; `margin`: rows read past those needed (tests
 * lower it to reach an ambiguous edge).
 */
export type RumUse = { use: 'auto' | 'always' | 'never'; margin: number };

/** The thresholds in production. */
export const SEARCH_TUNING: SearchTuning = {
  small: S_SMALL,
  walkBudget: WALK_BUDGET,
  filteredSmall: E_SMALL,
};
