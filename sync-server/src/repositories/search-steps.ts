import { getTableColumns, sql } from 'drizzle-orm';
import { announcements } from '../../../schema/db/tables.ts';
import { BOOST_TEXT, boost, dayNumber, RERANK_WINDOW, rerank } from '../../../schema/rank.ts';
import type { SearchParams } from '../../../schema/search.ts';
import type { TextQuery } from '../../../schema/text.ts';
import { rawAll } from '../lib/sql.ts';
import type { Db } from '../plugins/db.ts';
import type { FoundRow } from './search-page.ts';
import {
  and,
  COLS,
  type Cond,
  cond,
  filterConds,
  JSON_SET,
  type Keyed,
  newest,
  PUB,
  ROW_ORDER,
  type Row,
  SORTS,
  type Sorted,
  toSql,
} from './search-sql.ts';

/** Relevance pages are offsets; past this there is nothing to show (nobody reads 400 pages). */
export const RELEVANCE_MAX_OFFSET = 10_000;
/** Rows fetched past a relevance page, so that ties with its last row are usually among them. */
const TIE_SLACK = 64;
/**
 * A ranking is fetched at least this deep (scoring costs the same whatever the LIMIT: every match is
 * scored), and kept for the next pages while the full-text index is unchanged.
 */
const RANK_DEPTH = 200;
/** Rankings kept (most recently used): a few hundred numbers each. */
const RANKINGS_KEPT = 64;

/**
 * The steps a search plan is made of (search.ts chooses them), each running the SQL of search-sql.ts
 * (SQLite only: FTS5, rowid, INDEXED BY) on the router's connection, so a search outside a write reads the
 * committed state.
 */
export function searchSteps(db: Db) {
  // SQLite only (FTS5, rowid, INDEXED BY): the PostgreSQL search is another module's (see search.ts).
  const all = <T>(c: Cond) => rawAll<T>(db, toSql(c));
  const first = (row: Record<string, unknown>) => Object.values(row)[0];
  const rowids = async (c: Cond) => (await all<Record<string, unknown>>(c)).map((r) => first(r) as number);
  const capped = async (inner: Cond, cap: number): Promise<number> => {
    const [row] = await all<{ n: number }>(
      cond(`SELECT count(*) AS n FROM (${inner.sql} LIMIT ${cap})`, ...inner.args),
    );
    return row?.n ?? 0;
  };

  /** A set sorted whole: `from` yields rows of alias `a`, `where` limits them. */
  function sortWhole(
    from: string,
    where: Cond,
    sort: Sorted,
    cursor: Keyed | null,
    n: number,
  ): Promise<Row[]> {
    const w = and([where, ...(cursor ? [SORTS[sort].after(cursor)] : [])]);
    return all<Row>(
      cond(
        `SELECT ${COLS} FROM ${from} WHERE ${w.sql} ORDER BY ${SORTS[sort].orderBy} LIMIT ${n}`,
        ...w.args,
      ),
    );
  }

  /**
   * Walks the index of the page's order (after the category when there is one), segment by segment,
   * until n rows pass the filters (checked inside the index) and, with words, belong to the matches
   * (`r IN (…)`, a set SQLite builds once per statement). With words, each segment reads at most
   * `budget` entries; null when that was not enough (the caller sorts the matches whole instead).
   */
  async function walk(
    p: SearchParams,
    matches: Cond | null,
    sort: Sorted,
    cursor: Keyed | null,
    n: number,
    budget: number,
  ): Promise<Row[] | null> {
    const spec = SORTS[sort];
    const index = `announcements_pub_${p.category ? 'cat_' : ''}${spec.index}`;
    const out: Row[] = [];
    for (const seg of spec.segments(cursor)) {
      const want = n - out.length;
      if (want <= 0) break;
      const w = and([cond(PUB('a')), ...filterConds(p, 'a'), seg.where]);
      const range = `FROM announcements a INDEXED BY ${index} WHERE ${w.sql} ORDER BY ${seg.orderBy}`;
      if (matches === null) {
        out.push(...(await all<Row>(cond(`SELECT ${COLS} ${range} LIMIT ${want}`, ...w.args))));
        continue;
      }
      // The inner query bounds the entries read and takes only what the index holds (reading rows for the
      // other columns would cost more than the walk); SQLite runs it as a co-routine, stopping once `want`
      // rows passed (their order is restored below).
      const rows = await all<Row>(
        cond(
          `SELECT * FROM (SELECT ${spec.covered} ${range} LIMIT ${budget}) WHERE ${matches.sql} LIMIT ${want}`,
          ...w.args,
          ...matches.args,
        ),
      );
      out.push(...rows.sort(ROW_ORDER[sort]));
      if (rows.length < want && (await capped(cond(`SELECT 1 ${range}`, ...w.args), budget)) === budget)
        return null;
    }
    return out;
  }

  /**
   * Rankings of recent searches (rowid, score), for their next pages: BM25 scores every match whatever
   * the page ('sedinta foto': 20,784 at 1M, ~35 ms), so a person's second and third page would pay it
   * again. Valid while the index's averages and structure records (FTS5 rewrites them on every write
   * that reaches the index) are unchanged.
   */
  const rankings = new Map<string, { version: string; depth: number; top: { r: number; s: number }[] }>();
  const indexVersion = async () => {
    const [row] = await all<{ v: string | null }>(
      cond('SELECT group_concat(hex(block)) AS v FROM announcements_fts_data WHERE id IN (1, 10)'),
    );
    return row?.v ?? '';
  };
  async function ranking(scored: Cond, depth: number, words: TextQuery) {
    const today = dayNumber();
    const key = JSON.stringify([scored.sql, scored.args, words.groups, today]);
    const version = await indexVersion();
    const kept = rankings.get(key);
    rankings.delete(key);
    if (kept?.version === version && (kept.depth >= depth || kept.top.length < kept.depth)) {
      rankings.set(key, kept);
      return kept.top;
    }
    const deep = Math.max(depth, RANK_DEPTH);
    const top = await boosted(await deepest(scored, deep), words, today);
    rankings.set(key, { version, depth: deep, top });
    if (rankings.size > RANKINGS_KEPT) rankings.delete(rankings.keys().next().value!);
    return top;
  }

  /**
   * The `deep` best rows by BM25, equal scores newest first (created_at, then id, as PostgreSQL's
   * statement orders them): which of many rows tying at the edge are taken decides what the recency
   * prior can lift, so it must not be FTS5's scan order (templated texts tie by dozens).
   */
  async function deepest(scored: Cond, deep: number): Promise<{ r: number; s: number }[]> {
    const fetched = await all<{ r: number; s: number }>(
      cond(`${scored.sql} ORDER BY s LIMIT ${deep + TIE_SLACK}`, ...scored.args),
    );
    let best = fetched;
    if (fetched.length > deep) {
      const edge = fetched[deep - 1]!.s;
      best = fetched.filter((x) => x.s <= edge);
      if (best.length === fetched.length) {
        // More rows tie with the edge than were fetched: all of them.
        const tied = await all<{ r: number; s: number }>(
          cond(`SELECT r, s FROM (${scored.sql}) WHERE s = ?`, ...scored.args, edge),
        );
        best = [...fetched.filter((x) => x.s < edge), ...tied];
      }
    }
    const keys = new Map(
      (
        await all<{ r: number; created_at: string; id: string }>(
          cond(
            `SELECT a.rowid AS r, a.created_at, a.id FROM announcements a WHERE a.rowid IN ${JSON_SET}`,
            JSON.stringify(best.map((x) => x.r)),
          ),
        )
      ).map((k) => [k.r, k]),
    );
    const none = { created_at: '', id: '' };
    return best
      .sort((a, b) => a.s - b.s || newest(keys.get(a.r) ?? none, keys.get(b.r) ?? none))
      .slice(0, deep);
  }

  /**
   * The best RERANK_WINDOW rows of a BM25 ranking ranked again with the words side by side and recency
   * (schema/rank.ts, the same function the device runs); their title, the start of their description and
   * their date are read for it (a few hundred rows by rowid).
   */
  async function boosted(bm25: { r: number; s: number }[], words: TextQuery, today: number) {
    const head = bm25.slice(0, RERANK_WINDOW).map((x) => x.r);
    if (head.length === 0) return bm25;
    const info = new Map(
      (
        await all<{ r: number; id: string; title: string; d: string; created_at: string }>(
          cond(
            `SELECT a.rowid AS r, a.id, a.title, substr(a.description, 1, ${BOOST_TEXT}) AS d, a.created_at FROM announcements a WHERE a.rowid IN ${JSON_SET}`,
            JSON.stringify(head),
          ),
        )
      ).map((x) => [x.r, x]),
    );
    const withKeys = bm25.map((x) => ({
      ...x,
      id: info.get(x.r)?.id ?? '',
      createdAt: info.get(x.r)?.created_at ?? '',
    }));
    return rerank(withKeys, (x) => {
      const i = info.get(x.r);
      return i ? boost(words, { title: i.title, description: i.d, createdAt: i.created_at }, today) : 1;
    }).map(({ r, s }) => ({ r, s }));
  }

  /**
   * Relevance: the best rows by score alone (the index answers without reading rows), a few more than the
   * page so that rows tying with its last one are among them (else every row of that score is fetched);
   * only those are read, to break ties newest first. `scored` yields (r, s).
   */
  async function byRelevance(scored: Cond, offset: number, n: number, words: TextQuery): Promise<Row[]> {
    if (offset > RELEVANCE_MAX_OFFSET) return [];
    const need = offset + n;
    const top = (await ranking(scored, need + TIE_SLACK, words)).slice(0, need + TIE_SLACK);
    let chosen = top.slice(0, need);
    const edge = chosen[chosen.length - 1]?.s;
    if (edge !== undefined) {
      chosen = top.filter((x) => x.s <= edge);
      if (chosen.length === top.length && top.length === need + TIE_SLACK) {
        // More rows tie with the page's last one than were fetched: take them all.
        const tied = await all<{ r: number; s: number }>(
          cond(`SELECT r, s FROM (${scored.sql}) WHERE s = ?`, ...scored.args, edge),
        );
        chosen = [...top.filter((x) => x.s < edge), ...tied];
      }
    }
    const score = new Map(chosen.map((x) => [x.r, x.s]));
    const rows: Row[] = [];
    const ids = [...score.keys()];
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const marks = chunk.map(() => '?').join(',');
      rows.push(
        ...(await all<Row>(
          cond(`SELECT ${COLS} FROM announcements a WHERE a.rowid IN (${marks})`, ...chunk),
        )),
      );
    }
    rows.sort((a, b) => score.get(a.r)! - score.get(b.r)! || newest(a, b));
    return rows.slice(offset, offset + n);
  }

  // The page's rows as drizzle reads them (its column mappings), without the analysed columns; the
  // statement is prepared once.
  const { searchTitle: _title, searchText: _text, ...shown } = getTableColumns(announcements);
  const pageRows = db
    .select(shown)
    .from(announcements)
    .where(sql`${announcements.id} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`)
    .prepare();

  /** The page's rows, in page order. */
  async function load(page: Row[]): Promise<FoundRow[]> {
    if (page.length === 0) return [];
    const ids = page.map((r) => r.id);
    const byId = new Map((await pageRows.all({ ids: JSON.stringify(ids) })).map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id)).filter((r): r is FoundRow => r !== undefined);
  }

  /** Forgets the kept rankings (benchmarks time a first page as a new search). */
  const forgetRankings = () => rankings.clear();

  return { rowids, capped, sortWhole, walk, byRelevance, load, forgetRankings };
}
