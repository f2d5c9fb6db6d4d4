import { type SQL, sql } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import { STOP_WORDS, searchColumns, spelledContentWords } from '../../../schema/text.ts';
import { betterSpelling } from '../../../schema/words.ts';
import { dialectOf, rawAll, rawGet, rawRun } from '../lib/sql.ts';
import type { UnitOfWork } from '../lib/unit-of-work.ts';
import type { Db } from '../plugins/db.ts';
import { CARDS_VERSION } from './users.ts';

/**
 * The catalogue's vocabulary (issue 20, typo tolerance): every folded content word of the announcements
 * (table search_vocab, with how many announcements brought it), and the spelling correction that uses
 * it. Candidates come from a trigram index (SQLite: FTS5's `trigram` tokenizer, migration 0012;
 * PostgreSQL: pg_trgm, migrations-pg-extra/0003) and are ranked by edit distance (fastest-levenshtein).
 *
 * The table is filled from the announcements' change feed (seq), a bounded batch at a time, by a periodic
 * job (refresh): every writer of announcements (routes, seeders, tests) is covered without each having
 * to know about it. `docs` only grows: an edited announcement counts its words again, a deleted one keeps
 * them (the count only orders corrections; a correction is shown only when it finds announcements).
 */

/** Words shorter than this are never corrected ('ac', 'pc', 'dj' are words of their own). */
export const CORRECT_MIN = 4;
/** Candidates read from the trigram index per word, before edit distances are computed. */
const CANDIDATES = 200;
/** Rows of the change feed read per refresh step (a few milliseconds of work). */
const REFRESH_BATCH = 2000;
/** Rows whose words are analysed between two turns of the event loop (~8 ms). */
const ANALYSE_SLICE = 100;
/** Words per INSERT of the vocabulary (3 values each: under SQLite's and PostgreSQL's limits). */
const VOCAB_INSERT_CHUNK = 300;
const VOCAB_SEQ = 'vocab_seq';
/** Marker: every announcement has its analysed columns (backfillColumns found none left). */
const COLUMNS_DONE = 'search_columns_done';

/** Up to this length, a word's one-edit variants are looked up besides its trigram neighbours. */
const SHORT_WORD = 6;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** Every string one edit away: a letter dropped, two neighbours swapped, one replaced, one inserted. */
function editsOf(w: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= w.length; i++) {
    const [a, b] = [w.slice(0, i), w.slice(i)];
    if (b) out.add(a + b.slice(1));
    if (b.length > 1) out.add(a + b[1] + b[0] + b.slice(2));
    for (const c of LETTERS) {
      if (b) out.add(a + c + b.slice(1));
      out.add(a + c + b);
    }
  }
  out.delete(w);
  return out;
}

/** Corrections tried per unknown word (each checked with the other words: one index probe). */
export const CORRECTIONS_MAX = 3;

/**
 * Levenshtein distance (fastest-levenshtein), where two neighbouring letters swapped count as one edit
 * instead of two (the commonest slip on a phone keyboard).
 */
export function editDistance(a: string, b: string): number {
  const d = distance(a, b);
  if (d !== 2 || a.length !== b.length) return d;
  const diff: number[] = [];
  for (let i = 0; i < a.length && diff.length <= 2; i++) if (a[i] !== b[i]) diff.push(i);
  const [i, j] = diff;
  return diff.length === 2 && j === i! + 1 && a[i!] === b[j!] && a[j!] === b[i!] ? 1 : d;
}

/** Most edits allowed for a word: 1 up to 5 letters, 2 above ('fotgrafie' → 'fotografie'). */
export const maxEdits = (word: string) => (word.length <= 5 ? 1 : 2);

/** The trigrams of a word as an FTS5 `trigram` query: any of them (ranked by how many and how rare). */
const trigramQuery = (w: string) => {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= w.length; i++) grams.add(w.slice(i, i + 3));
  return [...grams].map((g) => `"${g}"`).join(' OR ');
};

export function searchVocabRepository(db: Db) {
  const pg = dialectOf(db) === 'postgres';
  const all = <T>(q: SQL) => rawAll<T>(db, q);

  /** True when the word is in the catalogue, or (a word being typed) begins one of its words. */
  async function known(word: string, prefix: boolean): Promise<boolean> {
    const row = prefix
      ? await rawGet(
          db,
          sql`SELECT 1 AS x FROM search_vocab WHERE word >= ${word} AND word < ${`${word}\u{10FFFF}`} LIMIT 1`,
        )
      : await rawGet(db, sql`SELECT 1 AS x FROM search_vocab WHERE word = ${word}`);
    return row !== undefined;
  }

  /** Words of the catalogue that share trigrams with `word` (and, for a short word, its one-edit variants). */
  async function candidates(word: string): Promise<{ word: string; docs: number }[]> {
    const near = await trigramCandidates(word);
    if (word.length > SHORT_WORD) return near;
    // A short word shares few trigrams with its neighbours ('pain' none with 'pian'): its one-edit
    // variants are looked up too, in one statement.
    const seen = new Set(near.map((c) => c.word));
    const variants = [...editsOf(word)].filter((v) => !seen.has(v));
    const exact =
      variants.length === 0
        ? []
        : await all<{ word: string; docs: number }>(
            pg
              ? // A join: with `word IN (…)` PostgreSQL probes the trigram index with each of the ~300
                // variants (460 ms at 1M) instead of the word's own.
                sql`SELECT v.word, v.docs::integer AS docs FROM json_array_elements_text(${JSON.stringify(variants)}::json) u(w) JOIN search_vocab v ON v.word = u.w`
              : sql`SELECT word, docs FROM search_vocab WHERE word IN (${sql.join(
                  variants.map((v) => sql`${v}`),
                  sql`, `,
                )})`,
          );
    return [...near, ...exact];
  }

  async function trigramCandidates(word: string): Promise<{ word: string; docs: number }[]> {
    if (pg)
      return all(
        sql`SELECT word, docs::integer AS docs FROM search_vocab WHERE word % ${word} ORDER BY similarity(word, ${word}) DESC, docs DESC LIMIT ${CANDIDATES}`,
      );
    return all(
      sql`SELECT v.word, v.docs FROM search_vocab_tri t JOIN search_vocab v ON v.rowid = t.rowid WHERE search_vocab_tri MATCH ${trigramQuery(word)} ORDER BY t.rank LIMIT ${CANDIDATES}`,
    );
  }

  return {
    known,
    candidates,

    /**
     * What a search's answer depends on besides its parameters (services/search-cache.ts): the
     * announcements' last seq (every change to one takes a new seq), how far this vocabulary has read
     * them (corrections and completions), and the seller cards' changes (pages hold the cards). Three
     * index reads.
     */
    async catalogueVersion(): Promise<number[]> {
      const row = await rawGet<{
        a: number | string | null;
        v: number | string | null;
        c: number | string | null;
      }>(
        db,
        sql`SELECT (SELECT max(seq) FROM announcements) AS a, (SELECT value FROM counters WHERE name = ${VOCAB_SEQ}) AS v, (SELECT value FROM counters WHERE name = ${CARDS_VERSION}) AS c`,
      );
      return [Number(row?.a ?? 0), Number(row?.v ?? 0), Number(row?.c ?? 0)];
    },

    /** How the catalogue writes each of `words` (folded words it knows; the others are left out). */
    async spellings(words: string[]): Promise<Map<string, string>> {
      if (words.length === 0) return new Map();
      const rows = await all<{ word: string; shown: string | null }>(
        sql`SELECT word, shown FROM search_vocab WHERE word IN (${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )})`,
      );
      return new Map(rows.map((r) => [r.word, r.shown ?? r.word]));
    },

    /**
     * Catalogue words beginning with `prefix` (not the prefix itself), the most common first, each with
     * its spelling as the announcements write it.
     */
    async completions(prefix: string, max: number): Promise<{ word: string; shown: string }[]> {
      const rows = await all<{ word: string; shown: string | null }>(
        sql`SELECT word, shown FROM search_vocab WHERE word > ${prefix} AND word < ${`${prefix}\u{10FFFF}`} ORDER BY docs DESC, word LIMIT ${max}`,
      );
      return rows.map((r) => ({ word: r.word, shown: r.shown ?? r.word }));
    },

    /**
     * The closest words of the catalogue to a word that is not in it, best first (at most `max`): fewest
     * edits (at most maxEdits; two neighbouring letters swapped count as one edit, 'pain' → 'pian'), then
     * the most common, then alphabetical. None for short words, known words and when nothing is close.
     */
    async corrections(word: string, typing: boolean, max = CORRECTIONS_MAX): Promise<string[]> {
      if (word.length < CORRECT_MIN || /^\d+$/.test(word) || STOP_WORDS.has(word)) return [];
      if (await known(word, typing)) return [];
      const limit = maxEdits(word);
      const close: { word: string; d: number; docs: number }[] = [];
      for (const c of await candidates(word)) {
        if (c.word === word || Math.abs(c.word.length - word.length) > limit) continue;
        const d = editDistance(word, c.word);
        if (d <= limit) close.push({ word: c.word, d, docs: Number(c.docs) });
      }
      close.sort((a, b) => a.d - b.d || b.docs - a.docs || (a.word < b.word ? -1 : 1));
      return close.slice(0, max).map((c) => c.word);
    },

    /**
     * Adds the words of announcements changed since the last refresh (their seq above the kept one), at
     * most `batches` × REFRESH_BATCH rows; true when caught up. The rows are read and their words analysed
     * before the write, ANALYSE_SLICE rows at a time with the event loop free between (2,000 rows' words
     * held it ~150 ms); the write adds them in a few statements. Instances sharing a database take turns:
     * the kept seq moves only from the value this step read, else the step is dropped.
     */
    async refresh(uow: UnitOfWork, batches = 1): Promise<boolean> {
      for (let b = 0; b < batches; b++) {
        const kept = await rawGet<{ value: number | string }>(
          db,
          sql`SELECT value FROM counters WHERE name = ${VOCAB_SEQ}`,
        );
        const from = Number(kept?.value ?? 0);
        const rows = await all<{ seq: number | string; title: string; description: string; live: number }>(
          sql`SELECT seq, title, description, (CASE WHEN deleted = 0 AND active = 1 THEN 1 ELSE 0 END) AS live
            FROM announcements WHERE seq > ${from} ORDER BY seq LIMIT ${REFRESH_BATCH}`,
        );
        if (rows.length === 0) return true;
        const counts = new Map<string, number>();
        const spelt = new Map<string, string>();
        for (let i = 0; i < rows.length; i++) {
          if (i > 0 && i % ANALYSE_SLICE === 0) await new Promise((r) => setImmediate(r));
          const r = rows[i]!;
          if (Number(r.live) !== 1) continue;
          for (const [w, written] of spelledContentWords(`${r.title} ${r.description}`)) {
            counts.set(w, (counts.get(w) ?? 0) + 1);
            spelt.set(w, betterSpelling(w, spelt.get(w), written));
          }
        }
        // In byte order (two instances never wait on each other's rows in opposite orders). A spelling
        // with diacritics replaces one without ('casatorie' → 'căsătorie'), never another.
        const words = [...counts].sort(([a], [c]) => (a < c ? -1 : a > c ? 1 : 0));
        const to = Number(rows[rows.length - 1]!.seq);
        const done = await uow
          .write(async () => {
            if (!kept)
              await rawRun(
                db,
                sql`INSERT INTO counters (name, value) VALUES (${VOCAB_SEQ}, 0) ON CONFLICT (name) DO NOTHING`,
              );
            for (let i = 0; i < words.length; i += VOCAB_INSERT_CHUNK)
              await rawRun(
                db,
                sql`INSERT INTO search_vocab (word, docs, shown) VALUES ${sql.join(
                  words
                    .slice(i, i + VOCAB_INSERT_CHUNK)
                    .map(([w, n]) => sql`(${w}, ${n}, ${spelt.get(w) ?? w})`),
                  sql`, `,
                )}
                  ON CONFLICT (word) DO UPDATE SET docs = search_vocab.docs + excluded.docs,
                    shown = CASE WHEN search_vocab.shown IS NULL OR search_vocab.shown = search_vocab.word
                      THEN excluded.shown ELSE search_vocab.shown END`,
              );
            const moved = await rawRun(
              db,
              sql`UPDATE counters SET value = ${to} WHERE name = ${VOCAB_SEQ} AND value = ${from}`,
            );
            if (moved.changes !== 1) throw new VocabRaceError();
            return rows.length < REFRESH_BATCH;
          })
          .catch((err) => {
            if (err instanceof VocabRaceError) return true;
            throw err;
          });
        if (done) return true;
      }
      return false;
    },

    /**
     * Issue 45: takes `words` out of the vocabulary (completions, corrections), for words no public
     * announcement holds any more — a deleted account's own words. The caller decides which.
     */
    async forget(words: string[]): Promise<void> {
      for (let i = 0; i < words.length; i += VOCAB_INSERT_CHUNK)
        await rawRun(
          db,
          sql`DELETE FROM search_vocab WHERE word IN (${sql.join(
            words.slice(i, i + VOCAB_INSERT_CHUNK).map((w) => sql`${w}`),
            sql`, `,
          )})`,
        );
    },

    /**
     * Rows written before the analysed columns existed (migration 0012) get them, a batch at a time;
     * each is re-indexed by the engine's trigger. Returns how many were written.
     */
    async backfillColumns(uow: UnitOfWork): Promise<number> {
      // Done once per database: every writer fills the columns since (the scan is ~4 s at 1M rows).
      const done = await rawGet<{ value: number | string }>(
        db,
        sql`SELECT value FROM counters WHERE name = ${COLUMNS_DONE}`,
      );
      if (done) return 0;
      let total = 0;
      for (;;) {
        const rows = await all<{ id: string; title: string; description: string }>(
          sql`SELECT id, title, description FROM announcements WHERE search_title = '' AND (title <> '' OR description <> '') LIMIT 500`,
        );
        if (rows.length === 0) {
          await uow.write(() =>
            rawRun(
              db,
              sql`INSERT INTO counters (name, value) VALUES (${COLUMNS_DONE}, 1) ON CONFLICT DO NOTHING`,
            ),
          );
          return total;
        }
        await uow.write(async () => {
          for (const r of rows) {
            const c = searchColumns(r.title, r.description);
            // A text of stop words only analyses to '': a single space keeps it from being picked again.
            await rawRun(
              db,
              sql`UPDATE announcements SET search_title = ${c.searchTitle || ' '}, search_text = ${c.searchText} WHERE id = ${r.id}`,
            );
          }
        });
        total += rows.length;
      }
    },
  };
}

class VocabRaceError extends Error {}

export type SearchVocab = ReturnType<typeof searchVocabRepository>;
