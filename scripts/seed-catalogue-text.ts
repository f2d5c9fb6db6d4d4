import { CATEGORIES } from '../schema/catalog/categories.ts';
import { COUNTRY_WIDE } from '../schema/constants.ts';
import localities from '../schema/data/ro-localities.json' with { type: 'json' };
import { PRICE_MAX } from '../schema/rules/price.ts';
import {
  AVAILABILITY,
  CATALOGUE,
  type CategoryText,
  CLOSING,
  COUNTY_WEIGHTS,
  EXPERIENCE,
  FILLERS,
  type Group,
  PAYMENT,
  PRODUCT_INTROS,
  PRODUCT_LOGISTICS,
  PRODUCT_QUALS,
  PRODUCT_TITLES,
  TOPIC_SENTENCES,
} from './seed-catalogue-data.ts';
import { cumulative, pickCumulative, type Rng } from './seed-rng.ts';
import { type Ctx, type Pool, pool, render, type Template } from './seed-templates.ts';

/**
 * The text side of the large-catalogue seeder: the templates of seed-catalogue-data.ts compiled once
 * (seed-templates.ts), and `Composer.compose`, which turns a seller into one announcement's category, place,
 * title, description and price. No database here.
 */

const MAX_DESCRIPTION = 1000;
const MIN_DESCRIPTION = 300;
const TITLE_MIN = 16;
const TITLE_MAX = 70;

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

/** Whole lei, log-uniform in [min, max], rounded to two significant digits (and at least `step`). */
function priceIn(rng: Rng, min: number, max: number, step: number): number {
  const v = Math.exp(Math.log(min) + rng.next() * (Math.log(max) - Math.log(min)));
  const unit = Math.max(step, 10 ** (Math.floor(Math.log10(v)) - 1));
  return Math.min(PRICE_MAX, Math.max(step, Math.round(v / unit) * unit));
}

// ---- Descriptions and titles ----

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

/**
 * Adds the sentences of `templates` to `into` while the description (`total` characters so far) is shorter
 * than `until`, passing over any that would take it past MAX_DESCRIPTION; answers the new length.
 */
function fill(templates: Template[], into: string[], total: number, until: number, ctx: Ctx): number {
  let length = total;
  for (const t of templates) {
    if (length >= until) break;
    const s = render(t, ctx);
    if (length + 1 + s.length > MAX_DESCRIPTION) continue;
    into.push(s);
    length += 1 + s.length;
  }
  return length;
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

  let total = fill(extra, body, joinedLength(body) + 1 + joinedLength(tail), target, ctx);
  while (total > MAX_DESCRIPTION && tail.length > 1) total -= 1 + (tail.pop() as string).length;
  while (total > MAX_DESCRIPTION && body.length > 1) total -= 1 + (body.pop() as string).length;
  if (total < MIN_DESCRIPTION) {
    const fillers: Template[] = [];
    pickDistinct(rng, G_FILLERS.all, G_FILLERS.all.length, fillers);
    total = fill(fillers, tail, total, MIN_DESCRIPTION, ctx);
  }
  // About a third of the sellers write the practical part as a second paragraph.
  return rng.chance(0.35) ? `${body.join(' ')}\n\n${tail.join(' ')}` : `${body.join(' ')} ${tail.join(' ')}`;
}

/**
 * Clumsy joins of an item and a qualifier: a repeated pair of words ('Microbuz cu șofer cu șofer cu
 * experiență') or a chain of 'pentru' ('Branding pentru firme pentru afacerea ta').
 */
function clumsy(title: string): boolean {
  const words = title.toLowerCase().split(' ');
  let pentru = 0;
  const pairs = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (w === 'pentru' && ++pentru > 1) return true;
    if (i + 1 < words.length) {
      const pair = `${w} ${words[i + 1]}`;
      if (pairs.has(pair)) return true;
      pairs.add(pair);
    }
  }
  return false;
}

function buildTitle(rng: Rng, g: CompiledGroup, ctx: Ctx, far: boolean): string {
  const titles = far ? g.titles.far : g.titles.all;
  for (let attempt = 0; attempt < 8; attempt++) {
    ctx.q = rng.pick(g.quals);
    const s = render(rng.pick(titles), ctx);
    if (s.length >= TITLE_MIN && s.length <= TITLE_MAX && !clumsy(s)) return s;
  }
  let s = ctx.Item;
  if (s.length < TITLE_MIN) s = `${s}, ${ctx.q}`;
  if (s.length > TITLE_MAX) s = s.slice(0, s.lastIndexOf(' ', TITLE_MAX));
  return s;
}

// ---- Composer ----

/** What the text side needs to know about a seller. */
export type SellerProfile = {
  first: string;
  female: boolean;
  /** Index into `Composer.counties`; `place` is one of that county's towns or communes. */
  county: number;
  place: string;
  /** Index into `Composer.categories`: most of a seller's announcements are in one category. */
  category: number;
};

export type Composed = {
  category: number;
  title: string;
  description: string;
  location: string;
  localitate: string;
  price: number | null;
};

export class Composer {
  readonly categories: CompiledCategory[] = compileCatalogue();
  private readonly places = compilePlaces();
  private readonly categoryCum = cumulative(this.categories.map((c) => c.src.weight));
  private readonly ctx: Ctx = {
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

  categoryName(index: number): string {
    return (this.categories[index] as CompiledCategory).src.name;
  }

  /** A category by share of the catalogue. */
  randomCategory(rng: Rng): number {
    return pickCumulative(this.categoryCum, rng.next());
  }

  /** A county by population, then a town or commune (municipalities weigh most). */
  randomHome(rng: Rng): { county: number; place: string } {
    const county = pickCumulative(this.places.cum, rng.next());
    return { county, place: this.randomPlace(rng, county) };
  }

  private randomPlace(rng: Rng, county: number): string {
    const cp = this.places.counties[county] as CountyPlaces;
    return cp.places[pickCumulative(cp.cum, rng.next())] as string;
  }

  compose(rng: Rng, seller: SellerProfile): Composed {
    const category = rng.chance(0.8) ? seller.category : this.randomCategory(rng);
    const cat = this.categories[category] as CompiledCategory;
    const g = cat.groups[pickCumulative(cat.groupCum, rng.next())] as CompiledGroup;
    const item = rng.pick(g.items);

    // Place: country-wide, a whole county, or a town/commune (mostly the seller's own).
    let location: string;
    let localitate = '';
    const far = !g.local && rng.chance(cat.src.countryWide);
    if (far) location = COUNTRY_WIDE;
    else {
      const county = rng.chance(0.85) ? seller.county : pickCumulative(this.places.cum, rng.next());
      location = (this.places.counties[county] as CountyPlaces).name;
      if (!rng.chance(0.15)) {
        localitate =
          county === seller.county && rng.chance(0.7) ? seller.place : this.randomPlace(rng, county);
      }
    }

    const ctx = this.ctx;
    ctx.item = item.text;
    ctx.Item = item.Text;
    ctx.place = localitate || location;
    ctx.where = wherePhrase(location, localitate);
    // Drawn once per announcement, so two sentences never disagree on the seller's years of practice.
    ctx.years = withDe(2 + rng.int(24), 'ani');
    ctx.days = withDe(2 + rng.int(13), 'zile');
    ctx.n = String(2 + rng.int(11));
    ctx.name = seller.first;
    ctx.topic = rng.pick(cat.topics);
    ctx.female = seller.female;
    const title = buildTitle(rng, g, ctx, far);
    const description = buildDescription(rng, cat, g, ctx, far);

    const p = cat.src.price;
    const r = rng.next();
    const price = r < p.free ? 0 : r < p.free + p.none ? null : priceIn(rng, item.min, item.max, p.step);
    return { category, title, description, location, localitate, price };
  }
}
