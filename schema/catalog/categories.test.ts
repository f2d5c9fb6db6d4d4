import { describe, expect, it } from 'vitest';
import { foldDiacritics } from '../search.ts';
import { CATEGORIES, CATEGORY_NAMES, categoryPath, isCategory } from './categories.ts';

describe('CATEGORIES', () => {
  it('lists the 14 categories of the spec, in order, with Romanian diacritics', () => {
    expect(CATEGORY_NAMES).toEqual([
      'Fotografie',
      'Prăjituri, Băcănie, Gătit',
      'Traduceri & Redactare',
      'Finanțe & Contabilitate',
      'Video & Animație',
      'Business',
      'Meditații & Cursuri',
      'Grafică & Design',
      'Curățenie, Întreținere casă',
      'Reparații, Instalații, Bricolaj',
      'Muzică, Teatru, Dans',
      'Auto, Moto, Biciclete',
      'Imobiliare, Construcții, Amenajări',
      'Transport, Logistică, Curierat',
    ]);
  });

  it('gives Fotografie the column titles of the spec', () => {
    expect(CATEGORIES[0]!.columns.map((c) => c.title)).toEqual([
      'Servicii Foto',
      'Echipament Recomandat',
      'Tutoriale & Resurse',
      'Sfaturi Utile',
    ]);
  });

  it('has four columns of 4 to 6 distinct topics each', () => {
    for (const category of CATEGORIES) {
      expect(category.columns).toHaveLength(4);
      for (const column of category.columns) {
        expect(column.title.trim()).not.toBe('');
        expect(column.topics.length).toBeGreaterThanOrEqual(4);
        expect(column.topics.length).toBeLessThanOrEqual(6);
        expect(new Set(column.topics).size).toBe(column.topics.length);
      }
    }
  });

  it('uses comma-below ș/ț, never the cedilla forms', () => {
    const text = JSON.stringify(CATEGORIES);
    expect(text).not.toMatch(/[şţŞŢ]/);
  });

  it('derives each slug from the name as ASCII kebab-case, all unique', () => {
    for (const { name, slug } of CATEGORIES) {
      const expected = foldDiacritics(name)
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      expect(slug).toBe(expected);
    }
    expect(CATEGORIES.find((c) => c.name === 'Prăjituri, Băcănie, Gătit')?.slug).toBe(
      'prajituri-bacanie-gatit',
    );
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(CATEGORIES.length);
  });
});

describe('isCategory', () => {
  it('accepts exact category names only', () => {
    expect(isCategory('Grafică & Design')).toBe(true);
    expect(isCategory('Grafica & Design')).toBe(false);
    expect(isCategory('')).toBe(false);
    expect(isCategory('Sport')).toBe(false);
  });
});

describe('categoryPath', () => {
  it('URL-encodes the category name', () => {
    expect(categoryPath('Fotografie')).toBe('/anunturi-categorie/Fotografie');
    expect(categoryPath('Grafică & Design')).toBe('/anunturi-categorie/Grafic%C4%83%20%26%20Design');
    expect(decodeURIComponent(categoryPath('Muzică, Teatru, Dans').split('/')[2]!)).toBe(
      'Muzică, Teatru, Dans',
    );
  });
});
