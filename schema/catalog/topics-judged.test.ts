import { describe, expect, it } from 'vitest';
import { SEED_ANNOUNCEMENTS } from '../../scripts/seed-data.ts';
import { foldDiacritics } from '../text.ts';
import { CATEGORIES } from './categories.ts';
import { HOME_CATEGORIES } from './home-grid.ts';
import { matchesTopic, topicQuery } from './topics.ts';
import { JUDGED_SUBTOPICS, JUDGED_TILES } from './topics-judged.ts';

/**
 * Issue 20, item 4: every sub-topic chip and every topic tile opens a page of announcements about it on
 * the demo catalogue, and only those (the judged table of topics-judged.ts). Topics used to match when
 * any one of their words appeared, and 141 of the 277 chips opened an empty page.
 */

type Seed = (typeof SEED_ANNOUNCEMENTS)[number];

const inCategory = (category: string | undefined) =>
  SEED_ANNOUNCEMENTS.filter((a) => category === undefined || a.category === category);

/** Titles of the announcements a topic's page lists: its category's (or all), matching its query. */
function found(topic: string, category: string | undefined, among: readonly Seed[] = inCategory(category)) {
  const query = topicQuery(topic, category);
  return among.filter((a) => matchesTopic(query, a.title, a.description)).map((a) => a.title);
}

const sorted = (titles: readonly string[]) => [...titles].sort();
const TILES = HOME_CATEGORIES.filter((t) => t.topic);

describe('the demo catalogue', () => {
  it('has one announcement per title (the judged table names them by title)', () => {
    const folded = SEED_ANNOUNCEMENTS.map((a) => foldDiacritics(a.title.trim()));
    expect(new Set(folded).size).toBe(SEED_ANNOUNCEMENTS.length);
  });

  it('is judged for every chip and every topic tile, with titles that exist where they are judged', () => {
    expect(Object.keys(JUDGED_SUBTOPICS).sort()).toEqual(CATEGORIES.map((c) => c.name).sort());
    for (const c of CATEGORIES) {
      const topics = c.columns.flatMap((col) => col.topics);
      expect(Object.keys(JUDGED_SUBTOPICS[c.name]!).sort(), c.name).toEqual([...new Set(topics)].sort());
      const titles = new Set(inCategory(c.name).map((a) => a.title));
      for (const [topic, judged] of Object.entries(JUDGED_SUBTOPICS[c.name]!))
        for (const t of judged) expect(titles.has(t), `${c.name} › ${topic}: ${t}`).toBe(true);
    }
    expect(Object.keys(JUDGED_TILES).sort()).toEqual(TILES.map((t) => t.name).sort());
    for (const tile of TILES) {
      const titles = new Set(inCategory(tile.category).map((a) => a.title));
      for (const t of JUDGED_TILES[tile.name]!) expect(titles.has(t), `${tile.name}: ${t}`).toBe(true);
    }
  });
});

describe('every sub-topic chip', () => {
  for (const c of CATEGORIES) {
    it(`of ${c.name} lists its announcements, all and only those judged about it`, () => {
      for (const col of c.columns) {
        for (const topic of col.topics) {
          const titles = found(topic, c.name);
          expect(titles.length, `${c.name} › ${topic} is empty`).toBeGreaterThan(0);
          expect(sorted(titles), `${c.name} › ${topic}`).toEqual(sorted(JUDGED_SUBTOPICS[c.name]![topic]!));
        }
      }
    });
  }
});

describe('every topic tile', () => {
  for (const tile of TILES) {
    it(`${tile.name} lists ${tile.category ? `its part of ${tile.category}` : 'what it says, in every category'}`, () => {
      const titles = found(tile.name, tile.category);
      expect(titles.length, tile.name).toBeGreaterThan(0);
      expect(sorted(titles), tile.name).toEqual(sorted(JUDGED_TILES[tile.name]!));
    });
  }
});

describe('issue 20 regressions (a topic matched any one of its words)', () => {
  const IMOBILIARE = 'Imobiliare, Construcții, Amenajări';
  const AUTO = 'Auto, Moto, Biciclete';

  it("'Apartamente de vânzare' does not list a painter who lays parquet in flats", () => {
    const titles = found('Apartamente de vânzare', IMOBILIARE);
    expect(titles).not.toContain('Zugrăveli interioare și montaj parchet laminat');
    expect(titles).toContain('Apartament cu 2 camere de vânzare în Tomis Nord, renovat');
  });

  it("'Piese auto' does not list a bicycle repair that brings its parts", () => {
    const titles = found('Piese auto', AUTO);
    expect(titles).not.toContain('Service biciclete la domiciliu: revizie, frâne, schimbătoare');
    expect(titles).toContain('Piese auto second-hand pentru Dacia Logan și Sandero, testate');
  });

  it('the Tehnologie tile does not list the French translator who translates websites', () => {
    const titles = found('Tehnologie', undefined);
    expect(titles).not.toContain('Traduceri din franceză în română, texte literare și tehnice');
    expect(titles).toContain('Reparații laptopuri: curățare, pastă termoconductoare, SSD');
  });

  it("the Grădinărit tile does not list a jar of zacuscă made with vegetables 'din grădina noastră'", () => {
    const titles = found('Grădinărit', undefined);
    expect(titles).not.toContain('Zacuscă de casă și dulcețuri din fructe de pădure din Maramureș');
    expect(titles).toContain('Întreținere grădini: gazon, gard viu și toaletarea pomilor');
  });
});
