import { sql } from 'drizzle-orm';
import type { SearchParams } from '../../../schema/search.ts';
import type { TextQuery } from '../../../schema/text.ts';
import { dialectOf, rawAll, rawRun } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';
import { searchMemory } from './search-memory.ts';
import { type SearchResult, searchRequest } from './search-page.ts';
import { searchRepositoryPg } from './search-pg.ts';
import {
  amongNewest,
  and,
  BANDS,
  type Cond,
  cond,
  facetQuery,
  filterConds,
  filterIndex,
  JSON_SET,
  type Keyed,
  MATCHES,
  PUB,
  type Row,
  SCORED,
  SORTS,
  type Sorted,
  textQuery,
  toSql,
} from './search-sql.ts';
import { searchSteps } from './search-steps.ts';
import {
  BROAD,
  LIST_SORT_WHOLE,
  MATCHES_COUNTED,
  PROBE_PHRASES,
  PROBE_WALK,
  phraseCount,
  SCORE_CAP,
  SEARCH_TUNING,
  type SearchTuning,
  WALK_PER_MATCH,
} from './search-tuning.ts';

/**
 * The server search (issue 11): full text over `announcements_fts` (public announcements only, see
 * migration 0009), the listing filters and the five orders, in cursor pages. The rule is the one of
 * schema/search.ts (matchesSearch, matchesPlace, matchesPriceFilter, compareAnnouncements): a property
 * test compares the two. This module chooses the plan; the SQL it runs is built in search-sql.ts.
 *
 * How a page is found, so that it stays fast at a million announcements whatever the filters:
 * - the sizes of the two candidate sets are probed first, with capped counts that cost little: the
 *   full-text matches (F) and the rows of the filters (E, through an index on category/place/price);
 * - a small set is read whole and sorted (≤ a few thousand rows);
 * - otherwise an index already in the page's order is walked from the cursor on, filters checked inside
 *   the index: for a broad word a short way first, each walked row looked up in the full-text index; then
 *   against the set of the matches (SQLite lists it once per statement, from the full-text index alone);
 *   the walk may read a few dozen index entries per match before it gives up and the matches are read
 *   and sorted whole;
 * - relevance: BM25 (title 10, description 1) over the newest SCORE_CAP matches by date, ties newest
 *   first, the ranking kept for the next pages while the index is unchanged (search-steps.ts).
 * Every statement names its index (INDEXED BY): the planner has no statistics about the full-text side.
 */

export type { SearchResult } from './search-page.ts';
export { SCORE_CAP, SEARCH_TUNING, type SearchTuning } from './search-tuning.ts';

export function searchRepository(db: Db, tuning: SearchTuning = SEARCH_TUNING) {
  // PostgreSQL: the same operation on its own index (search-pg.ts); the plan thresholds are SQLite's.
  if (dialectOf(db) === 'postgres')
    return searchRepositoryPg(db, tuning.scoreCap ?? SCORE_CAP, tuning.pgPagePlan, tuning.pgRum);
  return searchRepositorySqlite(db, tuning);
}

function searchRepositorySqlite(db: Db, tuning: SearchTuning) {
  const { small, walkBudget, filteredSmall } = tuning;
  const walkPerMatch = tuning.walkPerMatch ?? WALK_PER_MATCH;
  const scoreCap = tuning.scoreCap ?? SCORE_CAP;
  /** The newest scoreCap rowids of a set of matches (created_at, then id), ascending. */
  const newestOf = async (set: Cond) =>
    (
      await rowids(
        cond(
          `SELECT a.rowid FROM announcements a INDEXED BY announcements_pub_${SORTS.recent.index}
           WHERE ${PUB('a')} AND a.rowid IN (${set.sql}) ORDER BY ${SORTS.recent.orderBy} LIMIT ${scoreCap}`,
          ...set.args,
        ),
      )
    ).sort((a, b) => a - b);
  const { rowids, capped, sortWhole, walk, byRelevance, load, forgetRankings } = searchSteps(db);
  const memory = tuning.memory === false ? null : searchMemory(db, tuning.memoryLimits);

  return {
    /**
     * One page of public announcements for `params` (checked by parseSearchParams; a cursor that is not
     * ours, or not of this order, throws). `total` is exact up to SEARCH_PAGE.countCap, then `totalCapped`.
     */
    async search(params: SearchParams): Promise<SearchResult> {
      if (dialectOf(db) !== 'sqlite') throw new Error('search: the full-text search runs on SQLite only');
      const { text: query, words, sort, limit, cursor, cap, n, result } = searchRequest(params, load);
      const keyed = cursor as Keyed | null;
      const offset = (cursor as { o: number } | null)?.o ?? 0;
      const keyedNext = (s: Sorted) => (last: Row) => SORTS[s].cursor(last);
      const relevanceNext = () => ({ s: 'relevance' as const, o: offset + limit });

      if (query.groups.length === 0) {
        // A listing: counted through the filters' index; a small set is sorted whole, else walked.
        const sorted = sort as Sorted;
        const where = and([cond(PUB('a')), ...filterConds(params, 'a')]);
        const from = `announcements a INDEXED BY ${filterIndex(params)}`;
        const total = await capped(cond(`SELECT 1 FROM ${from} WHERE ${where.sql}`, ...where.args), cap + 1);
        // Sorting whole reads each row (~3 µs); from a few hundred rows on, the walk is cheaper: a place
        // always brings 'Toată țara' (~11%) and a band is a range of the price orders, so matches are
        // dense in the order's index. A seller's rows are not in it: sorted whole up to the cap.
        const sortable = Math.min(cap, small, params.owner ? cap : LIST_SORT_WHOLE);
        const page =
          total <= sortable
            ? await sortWhole(from, where, sorted, keyed, n)
            : (await walk(params, null, sorted, keyed, n, Number.POSITIVE_INFINITY))!;
        return result(page, total, keyedNext(sorted));
      }

      // In an order, once its ranks are made: from memory (search-memory.ts), exact totals included.
      // Asked once per search: a null (the cursor's row changed) sends it to the plans below.
      let memoryAsked = false;
      if (sort !== 'relevance' && memory && (memory.ready(sort) || tuning.memory === 'always')) {
        memoryAsked = true;
        const kept = await memory.page(params, query, sort, keyed, n);
        if (kept) return result(kept.rows, kept.total, keyedNext(sort));
      }
      const text = textQuery(query);
      if (sort === 'relevance' && memory && (memory.ready('recent') || tuning.memory === 'always')) {
        // From memory: the matches' number and their newest SCORE_CAP, scored by BM25 (no count in SQL).
        const kept = await memory.newest(params, query, scoreCap);
        if (kept) {
          const { total, newest } = kept;
          if (newest.length === 0) return result([], 0, relevanceNext);
          // Unfiltered: all matches if few, else the rowid range when it holds exactly the newest by date.
          const unfiltered = facetQuery(params) === null;
          const scored =
            unfiltered && total <= scoreCap
              ? cond(SCORED, text)
              : unfiltered && kept.tail
                ? cond(`${SCORED} AND f.rowid >= ${Number(newest[0])}`, text)
                : amongNewest(text, newest);
          return result(await byRelevance(scored, offset, n, words), total, relevanceNext);
        }
      }
      const allFacets = facetQuery(params);
      // First probe, for at most `small` matches. Few filtered rows (E, counted in its B-tree index,
      // cheaper than the facet lists, 'Toată țara' alone is 100k rows at 1M): the words' matches among
      // them. Otherwise the words with the category/place/seller terms; the price band (long lists) is
      // then checked on the rows while the matches are few.
      const where = and([cond(PUB('e')), ...filterConds(params, 'e')]);
      const filterSet = cond(
        `SELECT e.rowid FROM announcements e INDEXED BY ${filterIndex(params)} WHERE ${where.sql}`,
        ...where.args,
      );
      const fewFiltered = allFacets !== null && (await capped(filterSet, filteredSmall)) < filteredSmall;
      const amongFiltered = cond(
        `SELECT f.rowid AS r FROM announcements_fts f WHERE f.announcements_fts MATCH ? AND +f.rowid IN (${filterSet.sql})`,
        text,
        ...filterSet.args,
      );
      const placeFacets = facetQuery({ ...params, pret: undefined });
      const first = await rowids(
        fewFiltered
          ? cond(`${amongFiltered.sql} LIMIT ${small + 1}`, ...amongFiltered.args)
          : cond(`${MATCHES} LIMIT ${small + 1}`, placeFacets ? `${text} AND ${placeFacets}` : text),
      );

      if (first.length <= small) {
        // Few matches: known by rowid, read whole.
        let set = first;
        if (params.pret && !fewFiltered) {
          set = await rowids(
            cond(
              `SELECT a.rowid FROM announcements a WHERE a.rowid IN ${JSON_SET} AND ${BANDS[params.pret]('a')}`,
              JSON.stringify(first),
            ),
          );
        }
        if (sort === 'relevance') {
          // (More than scoreCap only when a test lowers it below `small`.)
          const scored =
            set.length > scoreCap
              ? amongNewest(text, await newestOf(cond(`SELECT value FROM json_each(?)`, JSON.stringify(set))))
              : allFacets
                ? cond(`${SCORED} AND +f.rowid IN ${JSON_SET}`, text, JSON.stringify(set))
                : cond(SCORED, text);
          return result(await byRelevance(scored, offset, n, words), set.length, relevanceNext);
        }
        const inSet = cond(`a.rowid IN ${JSON_SET}`, JSON.stringify(set));
        return result(await sortWhole('announcements a', inSet, sort, keyed, n), set.length, keyedNext(sort));
      }

      // Many matches: the words with every filter term, or the words' matches among E when E is small (no
      // row read either way).
      const matches = fewFiltered
        ? amongFiltered
        : cond(MATCHES, allFacets ? `${text} AND ${allFacets}` : text);
      if (sort === 'relevance') {
        // Counted up to the cap (without filters the first probe is the whole set: past the cap it says
        // enough). Scored on the words alone: filter terms would weigh in and cost their long lists.
        const total = !allFacets && first.length > cap ? cap + 1 : await capped(matches, cap + 1);
        // Past SCORE_CAP matches only the newest are scored (created_at, then id: the newest-first index
        // walked against the set of the matches; with fewer that walk would read the whole index).
        const all = (await capped(matches, scoreCap + 1)) <= scoreCap;
        const scored = all
          ? allFacets
            ? cond(`${SCORED} AND +f.rowid IN (${matches.sql})`, text, ...matches.args)
            : cond(SCORED, text)
          : amongNewest(text, await newestOf(matches));
        return result(await byRelevance(scored, offset, n, words), total, relevanceNext);
      }
      // Many matches in an order: the ranks are made now (once per order, ~1.3 s at 1M); the plans below
      // answer when the cursor's row changed since the ranks were made.
      const kept = memoryAsked ? null : await memory?.page(params, query, sort, keyed, n);
      if (kept) return result(kept.rows, kept.total, keyedNext(sort));
      // Broad words ('fotograf': a fifth of the catalogue): the order's index is walked a short way first,
      // each walked row that passes the filters looked up in the full-text index (FTS5 seeks its lists to
      // that rowid); dense matches fill the page within a few hundred entries ('fotograf' by price: 266).
      // A lookup costs 13–25 µs at 1M per phrase of the query (a topic has dozens: 'Muzică' newest first,
      // 400 lookups took 118 ms where the walk below takes 7), so only short queries look rows up.
      const broadAt = tuning.broad ?? BROAD;
      let counted = await capped(matches, broadAt + 1);
      if (counted > broadAt && phraseCount(query) <= PROBE_PHRASES) {
        const probe = cond(
          'EXISTS (SELECT 1 FROM announcements_fts p WHERE p.announcements_fts MATCH ? AND p.rowid = r)',
          text,
        );
        const page = await walk(params, probe, sort, keyed, n, tuning.probeWalk ?? PROBE_WALK);
        if (page) return result(page, counted, keyedNext(sort));
        counted = await capped(matches, MATCHES_COUNTED);
      }
      // Then the order's index walked against the set of the matches, which SQLite lists once per
      // statement from the index alone (`r IN (…)`: 'reparatii' by price, 50k matches and 102k entries
      // walked, 35–40 ms at 1M, against 600 ms to read and sort its rows); a walk that would read more
      // than a few dozen entries per match gives up and the matches are read and sorted whole.
      const inMatches = (column: string) => cond(`${column} IN (${matches.sql})`, ...matches.args);
      const budget = Math.max(walkBudget, walkPerMatch * counted);
      const page =
        (await walk(params, inMatches('r'), sort, keyed, n, budget)) ??
        (await sortWhole('announcements a', inMatches('a.rowid'), sort, keyed, n));
      return result(page, counted, keyedNext(sort));
    },

    /** Makes what the memory keeps for every order now, instead of at the first broad search. */
    warm(): void {
      memory?.warm();
    },

    /** True when the memory holds the order's ranks (tests: what a change made it drop). */
    ready: (sort: Sorted): boolean => memory?.ready(sort) ?? false,

    /**
     * Forgets what is kept between searches (relevance rankings; with `memoryToo`, ranks and word lists):
     * benchmarks time a first page as a new search; a test that refills the table outside the change feed
     * calls it too.
     */
    forgetRankings(memoryToo = true): void {
      forgetRankings();
      if (memoryToo) memory?.forget();
    },

    /** True when some public announcement matches the text query (the suggestions' check; one row read). */
    async exists(t: TextQuery): Promise<boolean> {
      if (t.groups.length === 0) return true;
      return (await rowids(cond(`${MATCHES} LIMIT 1`, textQuery(t)))).length > 0;
    },

    /**
     * The analysed title and description (' ' + tokens + ' ') of the newest `k` public matches of `t`
     * (by rowid: FTS5 lists them from the end), the suggestions' sample of words that go together.
     */
    async texts(t: TextQuery, k: number): Promise<string[]> {
      if (t.groups.length === 0) return [];
      const rows = await rawAll<{ text: string }>(
        db,
        toSql(
          cond(
            `SELECT ' ' || a.search_title || ' ' || a.search_text || ' ' AS text FROM announcements a
           WHERE a.rowid IN (${MATCHES} ORDER BY rowid DESC LIMIT ${Math.max(0, Math.floor(k))})`,
            textQuery(t),
          ),
        ),
      );
      return rows.map((r) => r.text);
    },

    /**
     * Re-indexes the full text from the table (public rows, through the view): after a VACUUM, which may
     * renumber rowids, or a bulk load done without the triggers.
     */
    async rebuildIndex(): Promise<void> {
      await rawRun(db, sql.raw("INSERT INTO announcements_fts(announcements_fts) VALUES ('rebuild')"));
      // Rowids may have moved (a VACUUM before it): what this connection keeps is made again.
      memory?.forget();
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepositorySqlite>;
