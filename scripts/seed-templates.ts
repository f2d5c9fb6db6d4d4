/**
 * The template language of seed-catalogue-data.ts: `{item}`, `{place}`, `{near}`, … placeholders and
 * `{m:…|f:…}` gendered parts, compiled once and rendered with a seller's context.
 */

export type Ctx = {
  item: string;
  Item: string;
  q: string;
  place: string;
  where: string;
  years: string;
  days: string;
  n: string;
  name: string;
  topic: string;
  female: boolean;
};
type Key = Exclude<keyof Ctx, 'female'>;
type Part = string | { key: Key } | { m: string; f: string };
export type Template = { parts: Part[]; near: boolean; place: boolean };

const KEYS: ReadonlySet<string> = new Set([
  'item',
  'Item',
  'q',
  'place',
  'where',
  'near',
  'years',
  'days',
  'n',
  'name',
  'topic',
]);

function compile(src: string): Template {
  const parts: Part[] = [];
  let near = false;
  let place = false;
  for (const piece of src.split(/(\{[^}]+\})/)) {
    if (piece === '') continue;
    const inner = piece.startsWith('{') ? piece.slice(1, -1) : null;
    if (inner === null) parts.push(piece);
    else if (inner.startsWith('m:')) {
      const [m, f] = inner.split('|');
      if (!f?.startsWith('f:')) throw new Error(`bad gender part in "${src}"`);
      parts.push({ m: (m as string).slice(2), f: f.slice(2) });
    } else if (KEYS.has(inner)) {
      if (inner === 'near') near = true;
      if (inner === 'place') place = true;
      parts.push({ key: inner === 'near' ? 'where' : (inner as Key) });
    } else throw new Error(`unknown placeholder {${inner}} in "${src}"`);
  }
  return { parts, near, place };
}

export function render(t: Template, ctx: Ctx): string {
  let out = '';
  for (const p of t.parts) {
    if (typeof p === 'string') out += p;
    else if ('key' in p) out += ctx[p.key];
    else out += ctx.female ? p.f : p.m;
  }
  return out;
}

export type Pool = { all: Template[]; far: Template[] };

/** `far`: the templates usable for a country-wide announcement (no {near}, no {place}). */
export function pool(list: readonly string[]): Pool {
  const all = list.map(compile);
  const far = all.filter((t) => !t.near && !t.place);
  return { all, far: far.length > 0 ? far : all };
}
