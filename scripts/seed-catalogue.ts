import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { titleSortKey } from '../schema/search.ts';
import { analyze, spelledContentWords } from '../schema/text.ts';
import { betterSpelling } from '../schema/words.ts';
import { LocalDirectoryStorage } from '../sync-server/src/lib/file-storage.ts';
import type { SqliteDb } from '../sync-server/src/plugins/db.ts';
import { storeImage } from '../sync-server/src/services/images.ts';
import { hashPassword } from '../sync-server/src/services/passwords.ts';
import { FIRST_NAMES_F, FIRST_NAMES_M, LAST_NAMES } from './seed-catalogue-data.ts';
import { Composer, type SellerProfile } from './seed-catalogue-text.ts';
import { SEED_PASSWORD } from './seed-data.ts';
import { phonePhoto } from './seed-lib.ts';
import { pickCumulative, Rng } from './seed-rng.ts';

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
  /**
   * Distinct phone-sized photos per category (default 12, so a listing page shows varied photos of real
   * weight); each is made once per uploads folder and shared by the category's announcements.
   */
  photosPerCategory?: number;
  /** Dates are spread over the two years before this (default: the current time). */
  now?: Date;
  /** Progress lines (every 100,000 announcements and each phase); silent by default. */
  log?: (line: string) => void;
};

export type CatalogueResult = { announcements: number; sellers: number; favorites: number; ms: number };

const DAY = 86_400_000;
/** Announcements are dated over the last two years; sellers joined up to a month before that. */
const SPAN = 730 * DAY;
/** Spec limit of favourites per user (LIMITS.favoritesMax). */
const FAVORITES_PER_USER = 150;
const PROGRESS_EVERY = 100_000;

/** The i-th row's pick among `list` (a fixed hash of i: neighbours differ). */
const pick = <T>(list: readonly T[], i: number): T =>
  list[(Math.imul(i + 1, 2654435761) >>> 0) % list.length]!;

export function defaultSellers(announcements: number): number {
  return Math.max(1, Math.min(50_000, Math.ceil(announcements / 25)));
}

// ---- Sellers ----

type Seller = SellerProfile & { id: string; last: string; email: string; phone: string };

function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}

function objectId(ms: number, rng: Rng): string {
  return hex8(Math.floor(ms / 1000)) + hex8(rng.u32()) + hex8(rng.u32());
}

function phoneNumber(rng: Rng): string {
  return `07${2 + rng.int(8)}${String(rng.int(10_000_000)).padStart(7, '0')}`;
}

// ---- The load ----

type Handle = Database.Database;

function clientOf(db: Handle | SqliteDb): Handle {
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

/**
 * `perCategory` photos per category as a phone sends them (seed-lib.ts's phonePhoto: 1600 px, ~230–320 kB,
 * with their WebP variants), made once per uploads folder and shared by the category's announcements.
 */
async function sharedPhotos(
  cats: Composer['categories'],
  uploadsDir: string,
  perCategory: number,
): Promise<string[][]> {
  const storage = new LocalDirectoryStorage(uploadsDir);
  const out: string[][] = [];
  for (const c of cats) {
    const paths: string[] = [];
    for (let v = 0; v < perCategory; v++) {
      const name = `${c.slug}-${v}`;
      if (!existsSync(join(uploadsDir, 'catalogue', `${name}.jpg`))) {
        await storeImage(await phonePhoto(c.src.hue, v), storage, 'catalogue', name);
      }
      paths.push(`/uploads/catalogue/${name}.jpg`);
    }
    out.push(paths);
  }
  return out;
}

// ---- Plan: owners, popularity, favourites ----

type Plan = {
  owner: Int32Array;
  favoriteCount: Int32Array;
  /** Favourite f: seller favUser[f] likes announcement favIndex[f]. */
  favUser: Int32Array;
  favIndex: Int32Array;
  favorites: number;
};

/**
 * Decided before any text: a few sellers publish a lot and most a handful; popularity is heavy-tailed and
 * older announcements had longer to collect hearts. Favourites are real rows (the server recounts
 * `favoritesCount` from them), never the seller's own announcement, at most 150 per user.
 */
function plan(n: number, sellerCount: number, rng: Rng): Plan {
  const owner = new Int32Array(n);
  const popularity = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    owner[i] = Math.floor(sellerCount * rng.next() ** 1.5);
    sum += (-Math.log(1 - rng.next())) ** 1.5 * (0.3 + (1 - i / n));
    popularity[i] = sum;
  }
  const favoriteCount = new Int32Array(n);
  const wanted = Math.round(n * 0.35);
  const favUser = new Int32Array(wanted);
  const favIndex = new Int32Array(wanted);
  const perUser = new Int16Array(sellerCount);
  const taken = new Set<number>();
  let favorites = 0;
  for (let tries = 0; favorites < wanted && tries < wanted * 3; tries++) {
    const u = Math.floor(sellerCount * rng.next() ** 1.2);
    const idx = pickCumulative(popularity, rng.next());
    const key = u * n + idx;
    if (owner[idx] === u || (perUser[u] as number) >= FAVORITES_PER_USER || taken.has(key)) continue;
    taken.add(key);
    perUser[u] = (perUser[u] as number) + 1;
    favoriteCount[idx] = (favoriteCount[idx] as number) + 1;
    favUser[favorites] = u;
    favIndex[favorites] = idx;
    favorites++;
  }
  return { owner, favoriteCount, favUser, favIndex, favorites };
}

function makeSellers(sqlite: Handle, composer: Composer, count: number, now: number, rng: Rng): Seller[] {
  // Appending to a database that has sellers already: numbering goes on after the highest.
  const highest = sqlite
    .prepare(
      "SELECT max(CAST(substr(email, 9, instr(email, '@') - 9) AS INTEGER)) AS m FROM users WHERE email LIKE 'vanzator%@hobbiz.test'",
    )
    .get() as { m: number | null };
  const first = (highest.m ?? 0) + 1;
  const sellers: Seller[] = [];
  for (let s = 0; s < count; s++) {
    const female = rng.chance(0.5);
    const home = composer.randomHome(rng);
    sellers.push({
      id: objectId(now - SPAN - (1 + rng.next() * 30) * DAY, rng),
      female,
      first: rng.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M),
      last: rng.pick(LAST_NAMES),
      email: `vanzator${first + s}@hobbiz.test`,
      phone: phoneNumber(rng),
      county: home.county,
      place: home.place,
      category: composer.randomCategory(rng),
    });
  }
  return sellers;
}

/**
 * Runs `load` in one transaction with bulk-load settings, restored afterwards. A rollback journal instead
 * of WAL: the pages written by the load go to the file once, not twice; no fsync until the end. Killed
 * midway, the journal rolls the whole load back at the next open.
 */
function bulk(sqlite: Handle, log: (line: string) => void, load: () => void): void {
  const before = {
    journal: String(sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(sqlite.pragma('synchronous', { simple: true })),
    cacheSize: Number(sqlite.pragma('cache_size', { simple: true })),
    tempStore: Number(sqlite.pragma('temp_store', { simple: true })),
  };
  const journal = String(sqlite.pragma('journal_mode = DELETE', { simple: true }));
  if (journal !== 'delete') log(`[catalogue] journal mode stays ${journal} (another connection is open)`);
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  sqlite.pragma('temp_store = MEMORY');
  try {
    sqlite.transaction(load)();
  } finally {
    sqlite.pragma(`journal_mode = ${before.journal}`);
    sqlite.pragma(`synchronous = ${before.synchronous}`);
    sqlite.pragma(`cache_size = ${before.cacheSize}`);
    sqlite.pragma(`temp_store = ${before.tempStore}`);
  }
}

/**
 * Fills the database with `announcements` generated announcements, their sellers and favourites. Appends
 * to what is there (seller emails continue after the highest existing `vanzatorN@hobbiz.test`).
 */
export async function seedCatalogue(db: Handle | SqliteDb, opts: CatalogueOptions): Promise<CatalogueResult> {
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

  const composer = new Composer();
  const [photos, passwordHash] = await Promise.all([
    sharedPhotos(composer.categories, opts.uploadsDir, Math.max(1, opts.photosPerCategory ?? 12)),
    hashPassword(SEED_PASSWORD),
  ]);
  const photoJson = photos.map((list) => list.map((p) => JSON.stringify([p])));

  // Separate streams, so changing one part of the generator does not reshuffle the others.
  const rngSellers = new Rng(seed * 4 + 1);
  const rngPlan = new Rng(seed * 4 + 2);
  const rng = new Rng(seed * 4 + 3);
  const { owner, favoriteCount, favUser, favIndex, favorites } = plan(n, sellerCount, rngPlan);
  const sellers = makeSellers(sqlite, composer, sellerCount, now, rngSellers);

  bulk(sqlite, log, () => {
    const triggers = ftsTriggers(sqlite);
    const indexes = secondaryIndexes(sqlite);
    for (const t of triggers) sqlite.exec(`DROP TRIGGER "${t.name}"`);
    for (const ix of indexes) sqlite.exec(`DROP INDEX "${ix.name}"`);
    let seq = (sqlite.prepare("SELECT value FROM counters WHERE name = 'seq'").get() as { value: number })
      .value;
    const firstSeq = seq;
    /** Every content word of the catalogue with how many announcements hold it (search_vocab). */
    const vocab = new Map<string, { docs: number; shown: string }>();

    const insertUser = sqlite.prepare(
      `INSERT INTO users (id, email, password_hash, first_name, last_name, phone, localitate, avatar, created_at, last_seen, seq, email_verified_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?, 1)`,
    );
    for (const s of sellers) {
      const created = Number.parseInt(s.id.slice(0, 8), 16) * 1000;
      const lastSeen = now - rngSellers.next() ** 2 * 60 * DAY;
      const iso = (ms: number) => new Date(ms).toISOString();
      insertUser.run(
        s.id,
        s.email,
        passwordHash,
        s.first,
        s.last,
        s.phone,
        s.place,
        iso(created),
        iso(lastSeen),
        ++seq,
      );
    }
    log(`[catalogue] ${sellers.length} sellers (${secs()} s)`);

    const insert = sqlite.prepare(
      `INSERT INTO announcements (id, owner_id, title, title_key, search_title, search_text, category, description,
         location, localitate, contact_person, contact_email, contact_phone, images, price, favorites_count, views,
         active, created_at, updated_at, deleted, seq)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, 0, ?)`,
    );
    const favorited = new Map<number, { id: string; created: number }>();
    for (let i = 0; i < n; i++) {
      const s = sellers[owner[i] as number] as Seller;
      const a = composer.compose(rng, s);
      // Spread over two years, denser towards now (the site grows), in the order of seq.
      const x = (i + rng.next()) / n;
      const created = now - SPAN + SPAN * x * (1.5 - 0.5 * x);
      const updated = rng.chance(0.25) ? created + rng.next() * (now - created) * 0.5 : created;
      const id = objectId(created, rng);
      const favs = favoriteCount[i] as number;
      if (favs > 0) favorited.set(i, { id, created });
      const ageDays = (now - created) / DAY;
      const views =
        favs * (6 + rng.int(25)) + Math.floor(Math.sqrt(ageDays + 1) * (1 + rng.next() * 6)) + rng.int(15);
      // Contacts: mostly both, some phone only, a few email only (the rules want at least one).
      const contact = rng.next();
      insert.run(
        id,
        s.id,
        a.title,
        titleSortKey(a.title),
        analyze(a.title),
        analyze(a.description),
        composer.categoryName(a.category),
        a.description,
        a.location,
        a.localitate,
        rng.chance(0.85) ? `${s.first} ${s.last}` : s.first,
        contact < 0.9 ? s.email : '',
        contact < 0.05 || contact >= 0.15 ? s.phone : '',
        // Which of the category's photos: from the row's number, so the text streams stay as they were.
        rng.chance(0.95) ? pick(photoJson[a.category]!, i) : '[]',
        a.price,
        favs,
        views,
        new Date(created).toISOString(),
        new Date(updated).toISOString(),
        ++seq,
      );
      for (const [w, written] of spelledContentWords(`${a.title} ${a.description}`)) {
        const kept = vocab.get(w);
        vocab.set(w, { docs: (kept?.docs ?? 0) + 1, shown: betterSpelling(w, kept?.shown, written) });
      }
      if ((i + 1) % PROGRESS_EVERY === 0) log(`[catalogue] ${i + 1} / ${n} announcements (${secs()} s)`);
    }

    const insertFavorite = sqlite.prepare(
      'INSERT INTO favorites (user_id, announcement_id, created_at, deleted, seq) VALUES (?, ?, ?, 0, ?)',
    );
    for (let f = 0; f < favorites; f++) {
      const target = favorited.get(favIndex[f] as number) as { id: string; created: number };
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
      // One segment instead of hundreds: a search looks words up in every segment, and the searches that
      // probe the index row by row (broad words in an order) pay it per row (21 ms against 178 ms at 1M).
      sqlite.exec("INSERT INTO announcements_fts(announcements_fts) VALUES ('optimize')");
      for (const t of triggers) sqlite.exec(t.sql);
      log(`[catalogue] full-text index rebuilt (${secs()} s)`);
    }
    sqlite.prepare("UPDATE counters SET value = ? WHERE name = 'seq'").run(seq);
    // The spelling vocabulary (repositories/search-vocab.ts) takes these words now rather than reading
    // the whole catalogue again from the change feed once the server starts.
    const vocabSeq = sqlite.prepare("SELECT value FROM counters WHERE name = 'vocab_seq'").get() as
      | { value: number }
      | undefined;
    // Only when the vocabulary had caught up with everything before this catalogue (a fresh database);
    // otherwise the change feed brings these words with the rest.
    if ((vocabSeq?.value ?? 0) >= firstSeq) {
      const addWord = sqlite.prepare(
        `INSERT INTO search_vocab (word, docs, shown) VALUES (?, ?, ?) ON CONFLICT (word) DO UPDATE SET docs = docs + excluded.docs,
           shown = CASE WHEN shown IS NULL OR shown = word THEN excluded.shown ELSE shown END`,
      );
      for (const [w, { docs, shown }] of vocab) addWord.run(w, docs, shown);
      sqlite.prepare("INSERT OR REPLACE INTO counters (name, value) VALUES ('vocab_seq', ?)").run(seq);
    }
    log(`[catalogue] ${vocab.size} words in the spelling vocabulary (${secs()} s)`);
  });
  return { announcements: n, sellers: sellerCount, favorites, ms: Math.round(performance.now() - t0) };
}
