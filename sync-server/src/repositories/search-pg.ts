import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { announcements } from '../../../schema/db/tables.ts';
import { BOOST_TEXT, boost, dayNumber, RERANK_WINDOW, rerank } from '../../../schema/rank.ts';
import type { SearchParams } from '../../../schema/search.ts';
import type { TextQuery } from '../../../schema/text.ts';
import { pgOf } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';
import { type FoundRow, type SearchResult, searchRequest } from './search-page.ts';
import { orderedPages, type PgRow, toRow } from './search-pg-ordered.ts';
import { dfKey, newestPlan, rumForNewest, surelyMore } from './search-pg-plan.ts';
import { RUM_USE, rumIndexesThere } from './search-pg-rum.ts';
import { cappedSql, filterSql, matchSql, Params, pageSql, scoredSql, segments } from './search-pg-sql.ts';
import { type Keyed, ROW_ORDER, type Row, SORTS, type Sorted } from './search-sql.ts';
import { RELEVANCE_MAX_OFFSET } from './search-steps.ts';
import type { RumUse } from './search-tuning.ts';

/**
 * The server search on PostgreSQL (issue 13): the same operation as search.ts (SQLite), over the tables
 * migrations-pg-extra/0001_search.sql keeps (see search-pg-sql.ts). Same matches (schema/search.ts's
 * rule: the words are split and folded by the app's rule on both sides), same orders and cursors, and
 * relevance as FTS5's bm25 computes it, so a page is the same on either engine. PostgreSQL has statistics
 * on the word lists: unlike SQLite, the planner chooses between walking an order's index and sorting the
 * matches, so there is one statement per step rather than a hand-made plan.
 */

/** A ranking is fetched at least this deep and kept for the next pages while the index is unchanged. */
const RANK_DEPTH = 200;
const RANKINGS_KEPT = 64;

/** A statement written with $1, $2… (search-pg-sql.ts) as drizzle SQL, each value a bound parameter. */
function bound(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => {
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
  });
  return sql.join(chunks);
}

const COLUMNS = Object.entries(getTableColumns(announcements));

/**
 * `scoreCap`: relevance scores the newest this many matches (search.ts's SCORE_CAP; tests lower it);
 * `pagePlan`: how pages in an order find their rows (orderPlan's choice unless a test forces one; a
 * number: a walk of that many entries).
 */
export function searchRepositoryPg(
  db: Db,
  scoreCap: number,
  pagePlan?: 'sort' | 'walk' | number,
  rum: RumUse = RUM_USE,
) {
  const pg = pgOf(db);
  const query = async <T>(text: string, values: unknown[]) =>
    (await pg.execute(bound(text, values))).rows as T[];
  const hasRum = rumIndexesThere(query, rum);
  const { withWords } = orderedPages(query, pagePlan, rum, hasRum);

  /** Relevance rankings of recent searches, valid while `search_stats.version` is unchanged. */
  const rankings = new Map<string, { version: string; depth: number; top: Row[]; total: number }>();

  /** The index's version, its rows, and how many rows hold each phrase of `text` (search_df). */
  async function wordStats(text: TextQuery) {
    const keys = text.groups.flat().map(dfKey);
    const [row] = await query<{ version: string; rows: number; df: Record<string, number> | null }>(
      `SELECT version::text, rows, (SELECT json_object_agg(key, docs) FROM search_df WHERE key = ANY($1)) AS df
       FROM search_stats`,
      [keys],
    );
    return { version: row!.version, catalogue: Number(row!.rows), df: row!.df ?? {} };
  }

  async function ranked(text: TextQuery, words: TextQuery, p: SearchParams, need: number, cap: number) {
    const { version, catalogue, df } = await wordStats(text);
    const today = dayNumber();
    const key = JSON.stringify([
      text,
      words.groups,
      today,
      {
        ...p,
        q: undefined,
        topic: undefined,
        text: undefined,
        cursor: undefined,
        limit: undefined,
        sort: undefined,
      },
    ]);
    const kept = rankings.get(key);
    rankings.delete(key);
    if (kept?.version === version && (kept.depth >= need || kept.top.length < kept.depth)) {
      rankings.set(key, kept);
      return kept;
    }
    const depth = Math.max(need, RANK_DEPTH, kept ? kept.depth * 2 : 0);
    // Without filters, many matches: the newest through the RUM index (its edge checked, else as before).
    const viaRum =
      filterSql(p, new Params()).length === 0 &&
      text.groups.length > 0 &&
      (rum.use === 'always' || rumForNewest(text, df, catalogue, scoreCap)) &&
      (await hasRum());
    const scored = (way: 'sort' | 'walk' | number) => {
      const q = new Params();
      const filters = filterSql(p, q);
      const plan = way === 'walk' ? newestPlan(text, df, catalogue, filters, scoreCap) : way;
      return query<PgRow & { s: number; amb?: boolean }>(
        scoredSql(text, filters, depth, scoreCap, q, plan, df),
        q.values,
      );
    };
    let [rows, n] = await Promise.all([
      scored(viaRum ? rum.margin : 'walk'),
      countUpTo(text, p, df, cap + 1),
    ]);
    if (rows[0]?.amb) rows = await scored('walk');
    const entry = { version, depth, top: (await boosted(rows, words, today)).map(toRow), total: n };
    rankings.set(key, entry);
    if (rankings.size > RANKINGS_KEPT) rankings.delete(rankings.keys().next().value!);
    return entry;
  }

  /**
   * How many public rows match `text` and the filters of `p`, counted no further than `limit` (past the
   * page's cap the answer says "more than", as on SQLite). One word with more rows than that in
   * search_df is not counted.
   */
  function countUpTo(text: TextQuery, p: SearchParams, df: Record<string, number>, limit: number) {
    const c = new Params();
    const filters = filterSql(p, c);
    if (filters.length === 0 && surelyMore(text, df, limit)) return Promise.resolve(limit);
    const sql = cappedSql([...filters, ...matchSql(text, c)], limit);
    return query<{ n: number }>(sql, c.values).then(([r]) => Number(r!.n));
  }

  /**
   * The best RERANK_WINDOW rows ranked again with the words side by side and recency (schema/rank.ts),
   * exactly as the SQLite search does: the same function on the same scores, titles and dates.
   */
  async function boosted<R extends PgRow & { s: number }>(rows: R[], words: TextQuery, today: number) {
    const head = rows.slice(0, RERANK_WINDOW).map((r) => r.id);
    if (head.length === 0) return rows;
    const info = new Map(
      (
        await query<{ id: string; title: string; d: string }>(
          `SELECT id, title, substr(description, 1, ${BOOST_TEXT}) AS d FROM announcements WHERE id = ANY($1)`,
          [head],
        )
      ).map((x) => [x.id, x]),
    );
    return rerank(
      rows.map((r) => ({ ...r, s: Number(r.s), createdAt: r.created_at })),
      (r) => {
        const i = info.get(r.id);
        return i ? boost(words, { title: i.title, description: i.d, createdAt: r.created_at }, today) : 1;
      },
    );
  }

  /** The page's rows as drizzle reads them (each column's own mapping: booleans, JSON), in page order. */
  async function load(page: Row[]): Promise<FoundRow[]> {
    if (page.length === 0) return [];
    const raw = await query<Record<string, unknown>>('SELECT * FROM announcements WHERE id = ANY($1)', [
      page.map((r) => r.id),
    ]);
    const byId = new Map(
      raw.map((r) => {
        const row: Record<string, unknown> = {};
        for (const [key, col] of COLUMNS) {
          if (key === 'searchTitle' || key === 'searchText') continue;
          const v = r[col.name];
          row[key] = v === null || v === undefined ? null : col.mapFromDriverValue(v);
        }
        return [row.id as string, row as FoundRow];
      }),
    );
    return page.map((r) => byId.get(r.id)).filter((r): r is FoundRow => r !== undefined);
  }

  return {
    /** One page of public announcements for `params`; the contract of searchRepository (search.ts). */
    async search(params: SearchParams): Promise<SearchResult> {
      const { text, words, sort, limit, cursor, cap, n, result } = searchRequest(params, load);

      if (sort === 'relevance') {
        const offset = (cursor as { o: number } | null)?.o ?? 0;
        // Past RELEVANCE_MAX_OFFSET nothing is shown (as on SQLite); the total is still the search's.
        const far = offset > RELEVANCE_MAX_OFFSET;
        const { top, total } = await ranked(text, words, params, far ? 0 : offset + n, cap);
        const page = far ? [] : top.slice(offset, offset + n);
        return result(page, total, () => ({ s: 'relevance', o: offset + limit }));
      }

      const sorted = sort as Sorted;
      const c = cursor as Keyed | null;
      const q = new Params();
      const filters = filterSql(params, q);
      const match = matchSql(text, q);
      const conds = [...filters, ...match];
      const stats = match.length > 0 ? await wordStats(text) : null;
      const counted = countUpTo(text, params, stats?.df ?? {}, cap + 1);
      const segs = segments(sorted, c, q);
      const page =
        match.length === 0
          ? (await query<PgRow>(pageSql(conds, segs, n), q.values)).map(toRow)
          : await withWords(conds, segs, q.values, {
              sorted,
              text,
              params,
              filters,
              match,
              n,
              c,
              counted,
              ...stats!,
            });
      const total = await counted;
      const rows = page.sort(ROW_ORDER[sorted]).slice(0, n);
      return result(rows, total, (last) => SORTS[sorted].cursor(last));
    },

    /** Forgets the kept rankings (benchmarks time a first page as a new search). */
    forgetRankings(_memoryToo = true): void {
      rankings.clear();
    },

    /** Nothing to make ahead: the index is PostgreSQL's. */
    warm(): void {},
    /** No memory of orders here (search.ts's `ready`). */
    ready: (_sort: Sorted): boolean => false,

    /** True when some public announcement matches the text query (the suggestions' check). */
    async exists(t: TextQuery): Promise<boolean> {
      if (t.groups.length === 0) return true;
      const q = new Params();
      const where = matchSql(t, q).join(' AND ');
      return (await query(`SELECT 1 AS x FROM search_docs d WHERE ${where} LIMIT 1`, q.values)).length > 0;
    },

    /** The analysed texts of `k` public matches (search.ts's `texts`): the newest when they are many. */
    async texts(t: TextQuery, k: number): Promise<string[]> {
      if (t.groups.length === 0) return [];
      const [{ df, rows: catalogue }] = await query<{ df: Record<string, number> | null; rows: number }>(
        'SELECT rows, (SELECT json_object_agg(key, docs) FROM search_df WHERE key = ANY($1)) AS df FROM search_stats',
        [t.groups.flat().map(dfKey)],
      );
      const q = new Params();
      const where = matchSql(t, q).join(' AND ');
      const limit = Math.max(0, Math.floor(k));
      // Common words: the newest, by a short walk of the date index. Rarer ones: the first `k` the word
      // index gives (at 1M a walk for 'olarit' read 95 ms of rows, the index 3 ms).
      const newest = newestPlan(t, df ?? {}, Number(catalogue), [], limit) === 'walk';
      const rows = await query<{ text: string }>(
        `SELECT ' ' || a.search_title || ' ' || a.search_text || ' ' AS text FROM announcements a
         WHERE a.id IN (SELECT d.id FROM search_docs d WHERE ${where}
           ${newest ? 'ORDER BY d.created_at DESC, d.id DESC' : ''} LIMIT ${limit})`,
        q.values,
      );
      return rows.map((r) => r.text);
    },

    /** Re-indexes every public announcement (after a bulk load made with the trigger disabled). */
    async rebuildIndex(): Promise<void> {
      await query('SELECT hobbiz_search_rebuild()', []);
      hasRum.forget();
    },
  };
}
export type SearchRepositoryPg = ReturnType<typeof searchRepositoryPg>;
