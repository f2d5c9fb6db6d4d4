/**
 * Prints the SQL of `hobbiz_search_words(text)`, PostgreSQL's copy of schema/search.ts's words() (issue 13):
 * the character classes of `\p{M}` (dropped after NFD) and `[\p{L}\p{N}]` (word characters) are written
 * out as ranges from this Node's Unicode tables, since PostgreSQL's regular expressions have no `\p{…}`.
 * `tsx scripts/search-pg-words.ts` → paste over the function in sync-server/migrations-pg-extra/0001_search.sql
 * (a new Node with a newer Unicode only adds characters; search-pg.test.ts checks the two agree).
 */
function ranges(re: RegExp): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  for (let c = 0; c <= 0x110000; c++) {
    const ok = c <= 0x10ffff && (c < 0xd800 || c > 0xdfff) && re.test(String.fromCodePoint(c));
    if (ok && start < 0) start = c;
    if (!ok && start >= 0) {
      out.push([start, c - 1]);
      start = -1;
    }
  }
  return out;
}
const esc = (c: number) =>
  c <= 0xffff ? `\\u${c.toString(16).padStart(4, '0')}` : `\\U${c.toString(16).padStart(8, '0')}`;
const cls = (rs: [number, number][]) =>
  rs.map(([a, b]) => (a === b ? esc(a) : `${esc(a)}-${esc(b)}`)).join('');

export function searchWordsFunctionSql(): string {
  const marks = cls(ranges(/^\p{M}$/u));
  const word = cls(ranges(/^[\p{L}\p{N}]$/u));
  return `CREATE OR REPLACE FUNCTION hobbiz_search_words(t text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT coalesce(array_agg(left(w, 201) ORDER BY n), '{}')
  FROM regexp_split_to_table(
    lower(regexp_replace(normalize(translate(t, 'șşȘŞțţȚŢ', 'sssstttt'), NFD), '[${marks}]+', '', 'g') COLLATE "und-x-icu"),
    '[^${word}]+'
  ) WITH ORDINALITY AS x(w, n)
  WHERE w <> ''
$fn$;`;
}

if (process.argv[1]?.endsWith('search-pg-words.ts')) console.log(searchWordsFunctionSql());
