import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES } from '../schema/catalog/categories.ts';
import { COUNTRY_WIDE } from '../schema/constants.ts';
import { isValidLocation } from '../schema/locations.ts';
import { validateAnnouncement } from '../schema/rules/announcement.ts';
import { charCount, isPhone } from '../schema/rules/common.ts';
import { titleSortKey } from '../schema/search.ts';
import { analyze } from '../schema/text.ts';
import { openDatabase, type SqliteDb } from '../sync-server/src/plugins/db.ts';
import { type CatalogueResult, seedCatalogue } from './seed-catalogue.ts';

type Row = {
  id: string;
  owner_id: string;
  title: string;
  title_key: string;
  category: string;
  description: string;
  location: string;
  localitate: string;
  contact_person: string;
  contact_email: string;
  contact_phone: string;
  images: string;
  price: number | null;
  favorites_count: number;
  views: number;
  created_at: string;
  updated_at: string;
  seq: number;
};

const N = 2000;
const NOW = new Date('2026-11-20T10:00:00.000Z');
const dir = mkdtempSync(join(tmpdir(), 'hobbiz-catalogue-'));
const uploadsDir = join(dir, 'uploads');
/** Two photos per category here (12 by default): enough to see that rows share them and they differ. */
const PHOTOS = 2;
const dbs: SqliteDb[] = [];
let db: SqliteDb;
let result: CatalogueResult;
let rows: Row[];

function open(name: string): SqliteDb {
  const d = openDatabase(join(dir, `${name}.sqlite`));
  dbs.push(d);
  return d;
}

function all(d: SqliteDb): Row[] {
  return d.$client.prepare('SELECT * FROM announcements ORDER BY seq').all() as Row[];
}

function ftsCount(d: SqliteDb, query: string): number {
  return (
    d.$client
      .prepare('SELECT count(*) AS n FROM announcements_fts WHERE announcements_fts MATCH ?')
      .get(query) as {
      n: number;
    }
  ).n;
}

beforeAll(async () => {
  db = open('main');
  result = await seedCatalogue(db, {
    announcements: N,
    seed: 7,
    uploadsDir,
    now: NOW,
    photosPerCategory: PHOTOS,
  });
  rows = all(db);
  // Making 28 phone-sized photos takes ~15 s on a busy 2-core machine; twice that must not fail the suite.
}, 120_000);

afterAll(() => {
  for (const d of dbs) d.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seedCatalogue', () => {
  it('writes the requested announcements, sellers and favourites', () => {
    expect(result.announcements).toBe(N);
    expect(rows).toHaveLength(N);
    expect(result.sellers).toBe(N / 25);
    const users = db.$client.prepare('SELECT email, phone, first_name, last_name FROM users').all() as {
      email: string;
      phone: string;
      first_name: string;
      last_name: string;
    }[];
    expect(users).toHaveLength(result.sellers);
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    for (const u of users) {
      expect(u.email).toMatch(/^vanzator\d+@hobbiz\.test$/);
      expect(isPhone(u.phone)).toBe(true);
    }
    expect(result.favorites).toBeGreaterThan(0);
  });

  it('every announcement passes the publish form rules, with 300–1,000 character descriptions', () => {
    for (const r of rows) {
      const errors = validateAnnouncement({
        title: r.title,
        category: r.category,
        description: r.description,
        location: r.location,
        localitate: r.localitate,
        contactPerson: r.contact_person,
        contactEmail: r.contact_email,
        contactPhone: r.contact_phone,
        price: r.price === null ? '' : String(r.price),
      });
      expect(errors, r.title).toEqual({});
      expect(isValidLocation(r.location, r.localitate)).toBe(true);
      const length = charCount(r.description);
      expect(length).toBeGreaterThanOrEqual(300);
      expect(length).toBeLessThanOrEqual(1000);
      expect(r.title).toBe(r.title.trim());
      expect(r.title_key).toBe(titleSortKey(r.title));
      expect(r.id).toMatch(/^[0-9a-f]{24}$/);
      expect(r.updated_at >= r.created_at).toBe(true);
      expect(r.created_at <= NOW.toISOString()).toBe(true);
    }
  });

  it('covers the 14 categories, the whole country, counties alone and localities, free and unpriced', () => {
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORY_NAMES));
    expect(rows.some((r) => r.location === COUNTRY_WIDE && r.localitate === '')).toBe(true);
    expect(rows.some((r) => r.location !== COUNTRY_WIDE && r.localitate === '')).toBe(true);
    expect(rows.filter((r) => r.localitate !== '').length).toBeGreaterThan(N / 2);
    expect(new Set(rows.map((r) => r.location)).size).toBeGreaterThan(30);
    expect(rows.some((r) => r.price === 0)).toBe(true);
    expect(rows.some((r) => r.price === null)).toBe(true);
    // Texts use comma-below ș/ț, never the legacy cedilla forms.
    expect(rows.some((r) => /[şţŞŢ]/.test(r.title + r.description))).toBe(false);
    expect(new Set(rows.map((r) => r.description)).size).toBeGreaterThan(N * 0.95);
  });

  it('takes seq values from the counter: unique, increasing, and the counter is at the highest', () => {
    const seqs = rows.map((r) => r.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    const counter = (
      db.$client.prepare("SELECT value FROM counters WHERE name = 'seq'").get() as { value: number }
    ).value;
    const highest = db.$client
      .prepare(
        'SELECT max(m) AS m FROM (SELECT max(seq) AS m FROM announcements UNION ALL SELECT max(seq) FROM users UNION ALL SELECT max(seq) FROM favorites)',
      )
      .get() as { m: number };
    expect(counter).toBe(highest.m);
    // Newer announcements have higher seq, as if they had been published one after another.
    for (let i = 1; i < rows.length; i++) {
      expect((rows[i] as Row).created_at >= (rows[i - 1] as Row).created_at).toBe(true);
    }
  });

  it('keeps favoritesCount equal to the favourite rows, as the server recounts it', () => {
    const mismatches = db.$client
      .prepare(
        `SELECT count(*) AS n FROM announcements a
         WHERE a.favorites_count != (SELECT count(*) FROM favorites f WHERE f.announcement_id = a.id AND f.deleted = 0)`,
      )
      .get() as { n: number };
    expect(mismatches.n).toBe(0);
    const own = db.$client
      .prepare(
        'SELECT count(*) AS n FROM favorites f JOIN announcements a ON a.id = f.announcement_id WHERE a.owner_id = f.user_id',
      )
      .get() as { n: number };
    expect(own.n).toBe(0);
  });

  it('references shared photos of a phone’s weight that exist with their WebP variants', async () => {
    const paths = new Set(rows.flatMap((r) => JSON.parse(r.images) as string[]));
    expect(paths.size).toBeGreaterThan(CATEGORY_NAMES.length);
    expect(paths.size).toBeLessThanOrEqual(CATEGORY_NAMES.length * PHOTOS);
    // As a phone sends them after the app shrinks them (issue 26), not a few kB of flat colour.
    for (const p of [...paths].slice(0, 4)) {
      const file = join(uploadsDir, p.replace(/^\/uploads\//, ''));
      const meta = await sharp(file).metadata();
      expect(meta.width).toBe(1600);
      expect(statSync(file).size).toBeGreaterThan(120_000);
      expect(statSync(file).size).toBeLessThan(400_000);
      expect(statSync(file.replace(/\.jpg$/, '-320.webp')).size).toBeGreaterThan(6_000);
    }
    for (const p of paths) {
      const file = join(uploadsDir, p.replace(/^\/uploads\//, ''));
      for (const f of [file, file.replace(/\.jpg$/, '-320.webp'), file.replace(/\.jpg$/, '-640.webp')]) {
        expect(existsSync(f), f).toBe(true);
      }
    }
  });

  it('leaves a full-text index that agrees with the table, and its triggers back in place', () => {
    expect(ftsCount(db, 'tort')).toBeGreaterThan(0);
    // FTS5's own check against its content: throws when the index and the rows disagree.
    db.$client.exec("INSERT INTO announcements_fts(announcements_fts, rank) VALUES ('integrity-check', 1)");
    // A rare word: the index finds exactly the rows a scan finds.
    const like = (word: string) =>
      (
        db.$client
          .prepare('SELECT count(*) AS n FROM announcements WHERE title LIKE ? OR description LIKE ?')
          .get(`%${word}%`, `%${word}%`) as { n: number }
      ).n;
    expect(ftsCount(db, 'ceasornicar')).toBe(like('ceasornicar'));
    expect(ftsCount(db, 'ceasornicar')).toBeGreaterThan(0);
    // Folding: 'ciocolata' typed without diacritics finds 'ciocolată'.
    expect(ftsCount(db, 'ciocolata')).toBe(like('ciocolată'));
    // Watches belong to one category only (a relevance check elsewhere relies on it).
    const watchCategories = db.$client
      .prepare(
        `SELECT DISTINCT a.category FROM announcements_fts f JOIN announcements a ON a.rowid = f.rowid
         WHERE announcements_fts MATCH 'ceas*'`,
      )
      .all() as { category: string }[];
    expect(watchCategories.map((c) => c.category)).toEqual(['Reparații, Instalații, Bricolaj']);
    // Not everywhere either: a two-word query matches a small share.
    expect(ftsCount(db, 'tort ciocolata')).toBeLessThan(N * 0.05);

    const first = rows[0] as Row;
    // Writers set the analysed column with the title (schema/text.ts); the index follows it.
    db.$client
      .prepare('UPDATE announcements SET title = ?, search_title = ? WHERE id = ?')
      .run('Ornitorinc albastru de vânzare', analyze('Ornitorinc albastru de vânzare'), first.id);
    expect(ftsCount(db, 'ornitorinc')).toBe(1);
    db.$client
      .prepare('UPDATE announcements SET title = ?, search_title = ? WHERE id = ?')
      .run(first.title, analyze(first.title), first.id);
    expect(ftsCount(db, 'ornitorinc')).toBe(0);
  });

  it('restores the WAL journal, and the indexes and triggers exactly as the migrations made them', () => {
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(1);
    const schema = (d: SqliteDb) =>
      d.$client
        .prepare(
          "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'announcements' ORDER BY type, name",
        )
        .all();
    const fresh = open('fresh');
    expect(schema(fresh).length).toBeGreaterThan(3);
    expect(schema(db)).toEqual(schema(fresh));
  });

  it('is deterministic for a seed and a date, and differs with another seed', async () => {
    const again = open('again');
    await seedCatalogue(again, {
      announcements: N,
      seed: 7,
      uploadsDir,
      now: NOW,
      photosPerCategory: PHOTOS,
    });
    expect(all(again)).toEqual(rows);
    const other = open('other');
    await seedCatalogue(other, {
      announcements: 200,
      seed: 8,
      uploadsDir,
      now: NOW,
      photosPerCategory: PHOTOS,
    });
    expect(all(other).map((r) => r.title)).not.toEqual(rows.slice(0, 200).map((r) => r.title));
  });

  it('appends to a database that already has a catalogue', async () => {
    const d = open('append');
    await seedCatalogue(d, {
      announcements: 100,
      sellers: 5,
      seed: 1,
      uploadsDir,
      now: NOW,
      photosPerCategory: PHOTOS,
    });
    await seedCatalogue(d, {
      announcements: 100,
      sellers: 5,
      seed: 2,
      uploadsDir,
      now: NOW,
      photosPerCategory: PHOTOS,
    });
    const emails = (
      d.$client.prepare('SELECT email FROM users ORDER BY email').all() as { email: string }[]
    ).map((u) => u.email);
    expect(emails).toHaveLength(10);
    expect(new Set(emails).size).toBe(10);
    expect(
      ftsCount(d, 'tort OR lectii OR reparatii OR transport OR fotografie OR traduceri'),
    ).toBeGreaterThan(0);
    const count = d.$client.prepare('SELECT count(*) AS n FROM announcements').get() as { n: number };
    expect(count.n).toBe(200);
  });
});
