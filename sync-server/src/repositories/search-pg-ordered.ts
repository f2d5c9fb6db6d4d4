import type { SearchParams } from '../../../schema/search.ts';
import type { TextQuery } from '../../../schema/text.ts';
import { afterCutWalk, orderPlan, priceRumWorth, walkBudget } from './search-pg-plan.ts';
import { ambiguous, priceRum, rumPageSql } from './search-pg-rum.ts';
import {
  filterSql,
  matchSql,
  Params,
  pageSql,
  rumMatchSql,
  type Segment,
  segments,
  UNPRICED,
} from './search-pg-sql.ts';
import { type Keyed, ROW_ORDER, type Row, type Sorted } from './search-sql.ts';
import type { RumUse } from './search-tuning.ts';

/**
 * Pages in an order of the PostgreSQL search (search-pg.ts) when words are given: a walk of the order's
 * index or the matches found first (search-pg-plan.ts chooses), and for broad words by price the RUM
 * index (search-pg-rum.ts).
 */

/** A statement with $1, $2… and its values, run on the search's connection. */
export type PgQuery = <T>(text: string, values: unknown[]) => Promise<T[]>;

export type PgRow = { id: string; created_at: string; price: string | number | null; title_key: string };

export const toRow = (r: PgRow): Row => ({
  r: 0,
  id: r.id,
  created_at: r.created_at,
  price: r.price === null ? null : Number(r.price),
  title_key: r.title_key,
});

/** `pagePlan`: forced by tests (search-pg.ts); `hasRum`: whether the RUM indexes are there. */
export function orderedPages(
  query: PgQuery,
  pagePlan: 'sort' | 'walk' | number | undefined,
  rum: RumUse,
  hasRum: () => Promise<boolean>,
) {
  type Words = {
    sorted: Sorted;
    text: TextQuery;
    params: SearchParams;
    filters: string[];
    match: string[];
    n: number;
    c: Keyed | null;
    counted: Promise<number>;
    catalogue: number;
    df: Record<string, number>;
    /** The unpriced rows of a price order: no RUM index for them. */
    unpriced?: boolean;
  };

  /**
   * A page in an order of the rows holding words, range by range (`segs`, with `values` for their
   * parameters). Few matches: found through the word index and sorted, not by walking the order's index
   * (which, for a word nobody wrote, reads the whole table: 'prajitrui' by title took 4.4 s at 1M). Many:
   * a walk of a bounded part of the order. Matches clustered elsewhere ('meditatii' titles all start with
   * M: 2 s walked; 'reparatii' by price, cheap services far from the top prices) are then found another
   * way: by price through the RUM index, else first found and sorted — unless the count already says the
   * walk found every match (none, typically).
   */
  async function withWords(conds: string[], segs: Segment[], values: unknown[], w: Words): Promise<Row[]> {
    const { text, params, filters, match, n, df, catalogue } = w;
    // Tests: the RUM index whenever it can serve.
    if (rum.use === 'always' && !w.unpriced) {
      const viaRum = await byPrice(w);
      if (viaRum) return viaRum;
    }
    let plan =
      typeof pagePlan === 'number' ? 'walk' : (pagePlan ?? orderPlan(text, df, catalogue, params, n));
    // Words and filters: the plan's estimate takes them as independent, and unrelated ones ('transport
    // mobila' in Prăjituri, 0 rows) cost a whole walk (300 ms at 1M). The capped count, already running,
    // says first: none, or few enough to be found first (sorted from the pages the count just read).
    const measured = pagePlan === undefined && filters.length > 0 && !w.unpriced;
    if (measured) {
      const total = await w.counted;
      if (total === 0) return [];
      if (total <= FEW_COUNTED) plan = 'sort';
    }
    if (plan === 'sort') {
      // Many matches kept by the filters (few compared with the table): the RUM index reads n of them.
      const many = measured ? (await w.counted) > FEW_COUNTED : priceRumWorth(text, df, params);
      const viaRum = rum.use === 'auto' && !w.unpriced && many ? await byPrice(w) : null;
      return viaRum ?? rowsOf(pageSql(conds, segs, n, 'sort'), values);
    }
    const budget = typeof pagePlan === 'number' ? pagePlan : walkBudget(text, df, catalogue, params, n);
    const walked = await query<PgRow & { g: number }>(
      pageSql(conds, segs, n, { budget, filters, match }),
      values,
    );
    // The walk is the page when its first range filled it (a shorter one may have stopped at the budget),
    // or when it holds every match there is (from the start: the count says how many).
    if (walked.filter((r) => Number(r.g) === 0).length >= n) return walked.map(toRow);
    const total = await w.counted;
    if (total === 0 || (!w.c && total === walked.length)) return walked.map(toRow);
    const viaRum = rum.use === 'auto' && !w.unpriced ? await byPrice(w) : null;
    return viaRum ?? rowsOf(pageSql(conds, segs, n, afterCutWalk(text, df, params)), values);
  }

  /** Counted matches (of the filters and words) few enough to sort rather than walk or read by RUM. */
  const FEW_COUNTED = 1000;

  const rowsOf = async (sql: string, values: unknown[]) => (await query<PgRow>(sql, values)).map(toRow);

  /**
   * A page in a price order with the priced rows through the RUM index; the unpriced ones (after all
   * priced ones in either direction) looked for only when those ran out. Null when not a price order,
   * when the index is missing or when its edge was ambiguous.
   */
  async function byPrice(w: Words): Promise<Row[] | null> {
    const priced = await priceByRum(w);
    if (!priced || priced.length === w.n) return priced;
    const q = new Params();
    const conds = [...filterSql(w.params, q), ...matchSql(w.text, q)];
    return [...priced, ...(await withWords(conds, [UNPRICED], q.values, { ...w, c: null, unpriced: true }))];
  }

  /**
   * The first `n` priced rows after the cursor in a price order through its RUM index (search-pg-rum.ts),
   * exactly sorted; null when not a price order or when its edge was ambiguous (the caller then finds
   * them as before). Fewer than `n`: there are no more priced rows.
   */
  async function priceByRum({ sorted, text, params, df, c, n }: Words): Promise<Row[] | null> {
    if (sorted !== 'price-asc' && sorted !== 'price-desc') return null;
    if ((c as { p?: number | null } | null)?.p === null) return null;
    if (!(await hasRum())) return null;
    const q = new Params();
    const conds = [...filterSql(params, q), ...rumMatchSql(text, q, df)];
    const ranges = segments(sorted, c, q)
      .slice(0, -1)
      .map((s) => s.where);
    const asc = sorted === 'price-asc';
    const read = n + rum.margin;
    const order = priceRum(asc ? 'asc' : 'desc', c, (x) => q.v(x));
    const found = await query<PgRow & { k: string }>(rumPageSql(conds, ranges, order, read), q.values);
    const rows = found.map((r) => ({ ...toRow(r), k: r.k })).sort(ROW_ORDER[sorted]);
    if (ambiguous(rows, n, read, asc)) return null;
    return rows.slice(0, n);
  }

  return { withWords };
}
