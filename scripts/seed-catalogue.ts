import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { CATEGORIES } from '../schema/catalog/categories.ts';
import { COUNTRY_WIDE } from '../schema/constants.ts';
import localities from '../schema/data/ro-localities.json' with { type: 'json' };
import { PRICE_MAX } from '../schema/rules/price.ts';
import { titleSortKey } from '../schema/search.ts';
import type { Db } from '../sync-server/src/plugins/db.ts';
import { storeImage } from '../sync-server/src/services/images.ts';
import { hashPassword } from '../sync-server/src/services/passwords.ts';
import {
  AVAILABILITY,
  CATALOGUE,
  type CategoryText,
  CLOSING,
  COUNTY_WEIGHTS,
  EXPERIENCE,
  FILLERS,
  FIRST_NAMES_F,
  FIRST_NAMES_M,
  type Group,
  LAST_NAMES,
  PAYMENT,
  PRODUCT_INTROS,
  PRODUCT_LOGISTICS,
  PRODUCT_QUALS,
  PRODUCT_TITLES,
  TOPIC_SENTENCES,
} from './seed-catalogue-data.ts';
import { SEED_PASSWORD } from './seed-data.ts';
import { placeholderJpeg } from './seed-lib.ts';

/**
 * Large-catalogue seeder (issue 11, item 5): `npm run seed -- --announcements 1000000`. Writes sellers,
 * announcements with composed Romanian texts and favourites straight into SQLite with prepared statements
 * in one transaction; the FTS triggers are dropped during the load and the index is rebuilt once at the
 * end. The same seed (and the same `now`) gives the same rows.
 */

export type CatalogueOptions = {
  announcements: number;
  /** Default: one seller per 25 announcements, at most 50,000. */
  sellers?: number;
  /** PRNG seed (default 1). */
  seed?: number;
  /** DATA_DIR/uploads: the shared photos are written under catalogue/. */
  uploadsDir: string;
  /** Dates are spread over the two years before this (default: the current time). */
  now?: Date;
  /** Progress lines (every 100,000 announcements and each phase); silent by default. */
  log?: (line: string) => void;
};

export type CatalogueResult = { announcements: number; sellers: number; favorites: number; ms: number };

const DAY = 86_400_000;
/** Announcements are dated over the last two years; sellers joined up to a month before that. */
const SPAN = 730 * DAY;
const MAX_DESCRIPTION = 1000;
const MIN_DESCRIPTION = 300;
const TITLE_MIN = 16;
const TITLE_MAX = 70;
/** Spec limit of favourites per user (LIMITS.favoritesMax). */
const FAVORITES_PER_USER = 150;
const PROGRESS_EVERY = 100_000;

export function defaultSellers(announcements: number): number {
  return Math.max(1, Math.min(50_000, Math.ceil(announcements / 25)));
}

// ---- PRNG: sfc32 seeded through splitmix32 (fast, 32-bit, good enough for test data) ----

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const split = () => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = split();
    this.b = split();
    this.c = split();
    this.d = split();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** [0, 1) */
  next(): number {
    return this.u32() / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }
}

/** Index into cumulative weights (binary search). */
function pickCumulative(cum: Float64Array, r: number): number {
  const x = r * (cum[cum.length - 1] as number);
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((cum[mid] as number) > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function cumulative(weights: readonly number[]): Float64Array {
  const cum = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += w;
    cum[i] = sum;
  });
  return cum;
}

// ---- Templates ----

type Ctx = {
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
type Template = { parts: Part[]; near: boolean; place: boolean };

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

function render(t: Template, ctx: Ctx): string {
  let out = '';
  for (const p of t.parts) {
    if (typeof p === 'string') out += p;
    else if ('key' in p) out += ctx[p.key];
    else out += ctx.female ? p.f : p.m;
  }
  return out;
}

type Pool = { all: Template[]; far: Template[] };

/** `far`: the templates usable for a country-wide announcement (no {near}, no {place}). */
function pool(list: readonly string[]): Pool {
  const all = list.map(compile);
  const far = all.filter((t) => !t.near && !t.place);
  return { all, far: far.length > 0 ? far : all };
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** 'Editare în Lightroom' → 'editare în Lightroom', but 'DJ' stays. */
function lowerFirst(s: string): string {
  const second = s.charAt(1);
  return second !== '' && second === second.toLowerCase() ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/** Romanian numerals take 'de' from 20 on (except …01–…19): '7 ani', '20 de ani'. */
function withDe(n: number, unit: string): string {
  const r = n % 100;
  return r === 0 || r >= 20 ? `${n} de ${unit}` : `${n} ${unit}`;
}

// ---- Compiled catalogue ----

type Item = { text: string; Text: string; min: number; max: number };
type CompiledGroup = {
  src: Group;
  items: Item[];
  details: Pool;
  titles: Pool;
  quals: readonly string[];
  intros: Pool;
  logistics: Pool;
  local: boolean;
};
type CompiledCategory = {
  src: CategoryText;
  slug: string;
  topics: string[];
  groups: CompiledGroup[];
  groupCum: Float64Array;
  details: Pool;
};

const G_EXPERIENCE = pool(EXPERIENCE);
const G_AVAILABILITY = pool(AVAILABILITY);
const G_PRODUCT_LOGISTICS = pool(PRODUCT_LOGISTICS);
const G_PAYMENT = pool(PAYMENT);
const G_CLOSING = pool(CLOSING);
const G_TOPIC = pool(TOPIC_SENTENCES);
const G_FILLERS = pool(FILLERS);

function compileCatalogue(): CompiledCategory[] {
  const byName = new Map(CATEGORIES.map((c) => [c.name, c]));
  if (CATALOGUE.length !== CATEGORIES.length)
    throw new Error('seed-catalogue-data must cover every category');
  return CATALOGUE.map((cat) => {
    const def = byName.get(cat.name);
    if (!def) throw new Error(`unknown category ${cat.name}`);
    const groups = cat.groups.map((g): CompiledGroup => {
      const items = g.items.map((raw): Item => {
        const [text, min, max] = raw.split('|') as [string, string?, string?];
        return {
          text,
          Text: capitalise(text),
          min: min ? Number(min) : (g.price?.[0] ?? cat.price.min),
          max: max ? Number(max) : (g.price?.[1] ?? cat.price.max),
        };
      });
      return {
        src: g,
        items,
        details: pool(g.details),
        titles: pool(g.titles ?? (g.product ? PRODUCT_TITLES : cat.titles)),
        quals: g.quals ?? (g.product ? PRODUCT_QUALS : cat.quals),
        intros: pool(g.intros ?? (g.product ? PRODUCT_INTROS : cat.intros)),
        logistics: g.logistics ? pool(g.logistics) : g.product ? G_PRODUCT_LOGISTICS : G_AVAILABILITY,
        local: g.local === true,
      };
    });
    return {
      src: cat,
      slug: def.slug,
      topics: def.columns.flatMap((c) => c.topics.map(lowerFirst)),
      groups,
      groupCum: cumulative(cat.groups.map((g) => g.weight)),
      details: pool(cat.details),
    };
  });
}

// ---- Places ----

type CountyPlaces = { name: string; places: string[]; cum: Float64Array };

function compilePlaces(): { counties: CountyPlaces[]; cum: Float64Array } {
  const counties = localities.counties.map((c): CountyPlaces => {
    const places: string[] = [];
    const weights: number[] = [];
    const seen = new Set<string>();
    for (const t of c.towns as { name: string; type?: string }[]) {
      if (seen.has(t.name)) continue;
      seen.add(t.name);
      places.push(t.name);
      weights.push(t.type === 'M' ? 12 : 4);
    }
    for (const p of c.communes) {
      if (seen.has(p.name)) continue;
      seen.add(p.name);
      places.push(p.name);
      weights.push(1);
    }
    return { name: c.name, places, cum: cumulative(weights) };
  });
  return { counties, cum: cumulative(counties.map((c) => COUNTY_WEIGHTS[c.name] ?? 300)) };
}

function wherePhrase(location: string, localitate: string): string {
  if (location === COUNTRY_WIDE) return 'în toată țara';
  if (localitate !== '') return `în ${localitate}`;
  return location === 'București' ? 'în București' : `în județul ${location}`;
}

// ---- Sellers ----

type Seller = {
  id: string;
  first: string;
  last: string;
  female: boolean;
  email: string;
  phone: string;
  county: number;
  place: string;
  category: number;
};

function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}

function objectId(ms: number, rng: Rng): string {
  return hex8(Math.floor(ms / 1000)) + hex8(rng.u32()) + hex8(rng.u32());
}

function phoneNumber(rng: Rng): string {
  return `07${2 + rng.int(8)}${String(rng.int(10_000_000)).padStart(7, '0')}`;
}

/** Whole lei, log-uniform in [min, max], rounded to two significant digits (and at least `step`). */
function priceIn(rng: Rng, min: number, max: number, step: number): number {
  const v = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  const unit = Math.max(step, 10 ** (Math.floor(Math.log10(v)) - 1));
  return Math.min(PRICE_MAX, Math.max(step, Math.round(v / unit) * unit));
}

// ---- Descriptions and titles ----

const candidate = (t: Template, ctx: Ctx) => render(t, ctx);

/** k distinct templates of a pool (the pools are short: a bit mask keeps them distinct). */
function pickDistinct(rng: Rng, list: Template[], k: number, out: Template[]): void {
  let mask = 0;
  const want = Math.min(k, list.length, 30);
  for (let got = 0; got < want; ) {
    const i = rng.int(Math.min(list.length, 30));
    if (mask & (1 << i)) continue;
    mask |= 1 << i;
    out.push(list[i] as Template);
    got++;
  }
}

function joinedLength(parts: string[]): number {
  let n = parts.length > 0 ? parts.length - 1 : 0;
  for (const p of parts) n += p.length;
  return n;
}

function buildDescription(rng: Rng, cat: CompiledCategory, g: CompiledGroup, ctx: Ctx, far: boolean): string {
  const side = (p: Pool) => (far ? p.far : p.all);
  const target = MIN_DESCRIPTION + Math.floor((MAX_DESCRIPTION - MIN_DESCRIPTION) * rng.next() ** 1.5);
  const product = g.src.product === true;

  const body: string[] = [render(rng.pick(side(g.intros)), ctx)];
  const extra: Template[] = [];
  pickDistinct(rng, side(g.details), 1 + rng.int(4), extra);
  if (!product) {
    pickDistinct(rng, side(cat.details), rng.int(3), extra);
    if (rng.chance(0.35)) extra.push(rng.pick(G_TOPIC.all));
    if (rng.chance(0.6)) extra.push(rng.pick(side(G_EXPERIENCE)));
  }
  const tail: string[] = [render(rng.pick(side(g.logistics)), ctx)];
  if (!product && rng.chance(0.5)) tail.push(render(rng.pick(G_PAYMENT.all), ctx));
  if (rng.chance(0.85)) tail.push(render(rng.pick(G_CLOSING.all), ctx));

  let total = joinedLength(body) + 1 + joinedLength(tail);
  for (const t of extra) {
    if (total >= target) break;
    const s = candidate(t, ctx);
    if (total + 1 + s.length > MAX_DESCRIPTION) continue;
    body.push(s);
    total += 1 + s.length;
  }
  while (total > MAX_DESCRIPTION && tail.length > 1) total -= 1 + (tail.pop() as string).length;
  while (total > MAX_DESCRIPTION && body.length > 1) total -= 1 + (body.pop() as string).length;
  if (total < MIN_DESCRIPTION) {
    const fillers: Template[] = [];
    pickDistinct(rng, G_FILLERS.all, G_FILLERS.all.length, fillers);
    for (const t of fillers) {
      if (total >= MIN_DESCRIPTION) break;
      const s = candidate(t, ctx);
      if (total + 1 + s.length > MAX_DESCRIPTION) continue;
      tail.push(s);
      total += 1 + s.length;
    }
  }
  // About a third of the sellers write the practical part as a second paragraph.
  return rng.chance(0.35) ? `${body.join(' ')}\n\n${tail.join(' ')}` : `${body.join(' ')} ${tail.join(' ')}`;
}

function buildTitle(rng: Rng, g: CompiledGroup, ctx: Ctx, far: boolean): string {
  const titles = far ? g.titles.far : g.titles.all;
  for (let attempt = 0; attempt < 6; attempt++) {
    ctx.q = rng.pick(g.quals);
    const s = render(rng.pick(titles), ctx);
    if (s.length >= TITLE_MIN && s.length <= TITLE_MAX) return s;
  }
  let s = ctx.Item;
  if (s.length < TITLE_MIN) s = `${s}, ${ctx.q}`;
  if (s.length > TITLE_MAX) s = s.slice(0, s.lastIndexOf(' ', TITLE_MAX));
  return s;
}

// ---- The load ----

type Handle = Database.Database;

function clientOf(db: Handle | Db): Handle {
  return '$client' in db ? db.$client : (db as Handle);
}

/** Triggers on `announcements` that feed the FTS index: dropped during the load, re-created after. */
function ftsTriggers(sqlite: Handle): { name: string; sql: string }[] {
  return sqlite
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'announcements' AND sql LIKE '%announcements_fts%'",
    )
    .all() as { name: string; sql: string }[];
}

/** Secondary indexes of `announcements` (whatever the migrations made): built once after the load. */
function secondaryIndexes(sqlite: Handle): { name: string; sql: string }[] {
  return sqlite
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'announcements' AND sql IS NOT NULL",
    )
    .all() as { name: string; sql: string }[];
}

async function sharedPhotos(cats: CompiledCategory[], uploadsDir: string): Promise<string[]> {
  return Promise.all(
    cats.map(async (c) => {
      const path = `/uploads/catalogue/${c.slug}.jpg`;
      if (!existsSync(join(uploadsDir, 'catalogue', `${c.slug}.jpg`))) {
        await storeImage(await placeholderJpeg(c.src.hue, 1), uploadsDir, 'catalogue', c.slug);
      }
      return path;
    }),
  );
}

/**
 * Fills the database with `announcements` generated announcements, their sellers and favourites. Appends
 * to what is there (seller emails continue after the highest existing `vanzatorN@hobbiz.test`).
 */
export async function seedCatalogue(db: Handle | Db, opts: CatalogueOptions): Promise<CatalogueResult> {
  const t0 = performance.now();
  const n = opts.announcements;
  if (!Number.isSafeInteger(n) || n < 1) throw new Error('announcements must be a positive integer');
  const sellerCount = opts.sellers ?? defaultSellers(n);
  if (!Number.isSafeInteger(sellerCount) || sellerCount < 1)
    throw new Error('sellers must be a positive integer');
  const seed = opts.seed ?? 1;
  const now = (opts.now ?? new Date()).getTime();
  const log = opts.log ?? (() => {});
  const sqlite = clientOf(db);
  const secs = () => ((performance.now() - t0) / 1000).toFixed(1);

  const cats = compileCatalogue();
  const places = compilePlaces();
  const catCum = cumulative(cats.map((c) => c.src.weight));
  const [photos, passwordHash] = await Promise.all([
    sharedPhotos(cats, opts.uploadsDir),
    hashPassword(SEED_PASSWORD),
  ]);
  const photoJson = photos.map((p) => JSON.stringify([p]));

  // Separate streams, so changing one part of the generator does not reshuffle the others.
  const rngSellers = new Rng(seed * 4 + 1);
  const rngPlan = new Rng(seed * 4 + 2);
  const rngRows = new Rng(seed * 4 + 3);

  // ---- Plan: who owns each announcement, how popular it is, who favourites it ----
  const owner = new Int32Array(n);
  const popularity = new Float64Array(n);
  let popSum = 0;
  for (let i = 0; i < n; i++) {
    // A few sellers publish a lot, most a handful.
    owner[i] = Math.floor(sellerCount * rngPlan.next() ** 1.5);
    const pop = (-Math.log(1 - rngPlan.next())) ** 1.5 * (0.3 + (1 - i / n));
    popSum += pop;
    popularity[i] = popSum;
  }
  const favoriteCount = new Int32Array(n);
  const wanted = Math.round(n * 0.35);
  const favUser = new Int32Array(wanted);
  const favIndex = new Int32Array(wanted);
  const perUser = new Int16Array(sellerCount);
  const taken = new Set<number>();
  let favorites = 0;
  for (let tries = 0; favorites < wanted && tries < wanted * 3; tries++) {
    const u = Math.floor(sellerCount * rngPlan.next() ** 1.2);
    const idx = pickCumulative(popularity, rngPlan.next());
    if (owner[idx] === u || (perUser[u] as number) >= FAVORITES_PER_USER) continue;
    const key = u * n + idx;
    if (taken.has(key)) continue;
    taken.add(key);
    perUser[u] = (perUser[u] as number) + 1;
    favoriteCount[idx] = (favoriteCount[idx] as number) + 1;
    favUser[favorites] = u;
    favIndex[favorites] = idx;
    favorites++;
  }
  taken.clear();

  // ---- Sellers ----
  const firstSellerNo =
    ((
      sqlite
        .prepare(
          "SELECT max(CAST(substr(email, 9, instr(email, '@') - 9) AS INTEGER)) AS m FROM users WHERE email LIKE 'vanzator%@hobbiz.test'",
        )
        .get() as { m: number | null }
    ).m ?? 0) + 1;
  const sellers: Seller[] = [];
  for (let s = 0; s < sellerCount; s++) {
    const female = rngSellers.chance(0.5);
    const county = pickCumulative(places.cum, rngSellers.next());
    const cp = places.counties[county] as CountyPlaces;
    sellers.push({
      id: objectId(now - SPAN - (1 + rngSellers.next() * 30) * DAY, rngSellers),
      female,
      first: rngSellers.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M),
      last: rngSellers.pick(LAST_NAMES),
      email: `vanzator${firstSellerNo + s}@hobbiz.test`,
      phone: phoneNumber(rngSellers),
      county,
      place: cp.places[pickCumulative(cp.cum, rngSellers.next())] as string,
      category: pickCumulative(catCum, rngSellers.next()),
    });
  }

  // ---- Bulk-load settings (restored in `finally`) ----
  const before = {
    journal: String(sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(sqlite.pragma('synchronous', { simple: true })),
    cacheSize: Number(sqlite.pragma('cache_size', { simple: true })),
    tempStore: Number(sqlite.pragma('temp_store', { simple: true })),
  };
  // A rollback journal instead of WAL: pages written by the load go to the file once, not twice.
  const journal = String(sqlite.pragma('journal_mode = DELETE', { simple: true }));
  if (journal !== 'delete') log(`[catalogue] journal mode stays ${journal} (another connection is open)`);
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  sqlite.pragma('temp_store = MEMORY');

  try {
    sqlite.transaction(() => {
      const triggers = ftsTriggers(sqlite);
      const indexes = secondaryIndexes(sqlite);
      for (const t of triggers) sqlite.exec(`DROP TRIGGER "${t.name}"`);
      for (const ix of indexes) sqlite.exec(`DROP INDEX "${ix.name}"`);

      let seq = (sqlite.prepare("SELECT value FROM counters WHERE name = 'seq'").get() as { value: number })
        .value;

      const insertUser = sqlite.prepare(
        `INSERT INTO users (id, email, password_hash, first_name, last_name, phone, localitate, avatar, created_at, last_seen, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)`,
      );
      for (const s of sellers) {
        const created = Number.parseInt(s.id.slice(0, 8), 16) * 1000;
        const lastSeen = now - rngSellers.next() ** 2 * 60 * DAY;
        insertUser.run(
          s.id,
          s.email,
          passwordHash,
          s.first,
          s.last,
          s.phone,
          s.place,
          new Date(created).toISOString(),
          new Date(lastSeen).toISOString(),
          ++seq,
        );
      }
      log(`[catalogue] ${sellers.length} sellers (${secs()} s)`);

      const insert = sqlite.prepare(
        `INSERT INTO announcements (id, owner_id, title, title_key, category, description, location, localitate,
           contact_person, contact_email, contact_phone, images, price, favorites_count, views, active,
           created_at, updated_at, deleted, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, 0, ?)`,
      );
      const favoritedIds = new Map<number, { id: string; created: number }>();
      const ctx: Ctx = {
        item: '',
        Item: '',
        q: '',
        place: '',
        where: '',
        years: '',
        days: '',
        n: '',
        name: '',
        topic: '',
        female: false,
      };
      const rng = rngRows;
      for (let i = 0; i < n; i++) {
        const s = sellers[owner[i] as number] as Seller;
        const catIndex = rng.chance(0.8) ? s.category : pickCumulative(catCum, rng.next());
        const cat = cats[catIndex] as CompiledCategory;
        const g = cat.groups[pickCumulative(cat.groupCum, rng.next())] as CompiledGroup;
        const item = rng.pick(g.items);

        // Place: country-wide, the whole county, or a town/commune (mostly the seller's own).
        let location: string;
        let localitate = '';
        const far = !g.local && rng.chance(cat.src.countryWide);
        if (far) location = COUNTRY_WIDE;
        else {
          const county = rng.chance(0.85) ? s.county : pickCumulative(places.cum, rng.next());
          const cp = places.counties[county] as CountyPlaces;
          location = cp.name;
          if (!rng.chance(0.15)) {
            localitate =
              county === s.county && rng.chance(0.7)
                ? s.place
                : (cp.places[pickCumulative(cp.cum, rng.next())] as string);
          }
        }

        ctx.item = item.text;
        ctx.Item = item.Text;
        ctx.place = localitate || location;
        ctx.where = wherePhrase(location, localitate);
        ctx.years = withDe(2 + rng.int(24), 'ani');
        ctx.days = withDe(2 + rng.int(13), 'zile');
        ctx.n = String(2 + rng.int(11));
        ctx.name = s.first;
        ctx.topic = rng.pick(cat.topics);
        ctx.female = s.female;
        const title = buildTitle(rng, g, ctx, far);
        const description = buildDescription(rng, cat, g, ctx, far);

        const p = cat.src.price;
        const r = rng.next();
        const price = r < p.free ? 0 : r < p.free + p.none ? null : priceIn(rng, item.min, item.max, p.step);

        // Dates: spread over two years, denser towards now (the site grows); ordered like seq.
        const x = (i + rng.next()) / n;
        const created = now - SPAN + SPAN * x * (1.5 - 0.5 * x);
        const updated = rng.chance(0.25) ? created + rng.next() * (now - created) * 0.5 : created;
        const id = objectId(created, rng);
        const favs = favoriteCount[i] as number;
        if (favs > 0) favoritedIds.set(i, { id, created });
        const ageDays = (now - created) / DAY;
        const views =
          favs * (6 + rng.int(25)) + Math.floor(Math.sqrt(ageDays + 1) * (1 + rng.next() * 6)) + rng.int(15);

        const contact = rng.next();
        insert.run(
          id,
          s.id,
          title,
          titleSortKey(title),
          cat.src.name,
          description,
          location,
          localitate,
          rng.chance(0.85) ? `${s.first} ${s.last}` : s.first,
          contact < 0.9 ? s.email : '',
          contact < 0.05 || contact >= 0.15 ? s.phone : '',
          rng.chance(0.95) ? (photoJson[catIndex] as string) : '[]',
          price,
          favs,
          views,
          new Date(created).toISOString(),
          new Date(updated).toISOString(),
          ++seq,
        );
        if ((i + 1) % PROGRESS_EVERY === 0) log(`[catalogue] ${i + 1} / ${n} announcements (${secs()} s)`);
      }

      const insertFavorite = sqlite.prepare(
        'INSERT INTO favorites (user_id, announcement_id, created_at, deleted, seq) VALUES (?, ?, ?, 0, ?)',
      );
      for (let f = 0; f < favorites; f++) {
        const target = favoritedIds.get(favIndex[f] as number) as { id: string; created: number };
        const at = target.created + rngPlan.next() * (now - target.created);
        insertFavorite.run(
          (sellers[favUser[f] as number] as Seller).id,
          target.id,
          new Date(at).toISOString(),
          ++seq,
        );
      }
      log(`[catalogue] ${favorites} favourites (${secs()} s)`);

      for (const ix of indexes) sqlite.exec(ix.sql);
      log(`[catalogue] ${indexes.length} indexes rebuilt (${secs()} s)`);
      if (triggers.length > 0) {
        sqlite.exec("INSERT INTO announcements_fts(announcements_fts) VALUES ('rebuild')");
        for (const t of triggers) sqlite.exec(t.sql);
        log(`[catalogue] full-text index rebuilt (${secs()} s)`);
      }
      sqlite.prepare("UPDATE counters SET value = ? WHERE name = 'seq'").run(seq);
    })();
  } finally {
    sqlite.pragma(`journal_mode = ${before.journal}`);
    sqlite.pragma(`synchronous = ${before.synchronous}`);
    sqlite.pragma(`cache_size = ${before.cacheSize}`);
    sqlite.pragma(`temp_store = ${before.tempStore}`);
  }
  return { announcements: n, sellers: sellerCount, favorites, ms: Math.round(performance.now() - t0) };
}
