import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_NAMES } from './categories.ts';
import { resolveCategory } from './category-aliases.ts';

describe('resolveCategory', () => {
  it("accepts the spec's literal list (doc 1 §3), some names without diacritics", () => {
    const specList = [
      'Fotografie',
      'Prajituri, Băcănie, Gătit',
      'Traduceri & Redactare',
      'Finanțe & Contabilitate',
      'Video & Animație',
      'Business',
      'Meditații & Cursuri',
      'Grafică & Design',
      'Curatenie, Întreținere casă',
      'Reparații, Instalatii, Bricolaj',
      'Muzică, Teatru, Dans',
      'Auto, Moto, Biciclete',
      'Imobiliare, Construcții, Amenajari',
      'Transport, Logistică, Curierat',
    ];
    expect(specList.map(resolveCategory)).toEqual(CATEGORY_NAMES);
  });

  it('accepts names, slugs and short names in any case, with or without diacritics', () => {
    for (const c of CATEGORIES) {
      expect(resolveCategory(c.name)).toBe(c.name);
      expect(resolveCategory(c.slug)).toBe(c.name);
      expect(resolveCategory(c.name.toUpperCase())).toBe(c.name);
    }
    expect(resolveCategory('Prajituri')).toBe('Prăjituri, Băcănie, Gătit');
    expect(resolveCategory('gatit')).toBe('Prăjituri, Băcănie, Gătit');
    expect(resolveCategory('Curatenie')).toBe('Curățenie, Întreținere casă');
    expect(resolveCategory('intretinere casa')).toBe('Curățenie, Întreținere casă');
    expect(resolveCategory('Muzica')).toBe('Muzică, Teatru, Dans');
    expect(resolveCategory('Dans')).toBe('Muzică, Teatru, Dans');
    expect(resolveCategory('Reparatii')).toBe('Reparații, Instalații, Bricolaj');
    expect(resolveCategory('Meditatii')).toBe('Meditații & Cursuri');
    expect(resolveCategory('Traduceri si Redactare')).toBe('Traduceri & Redactare');
    expect(resolveCategory('Grafica și design')).toBe('Grafică & Design');
    expect(resolveCategory('Auto')).toBe('Auto, Moto, Biciclete');
    expect(resolveCategory('Imobiliare')).toBe('Imobiliare, Construcții, Amenajări');
    expect(resolveCategory('Foto')).toBe('Fotografie');
    // ş/ţ with cedilla (old keyboards) fold like ș/ț.
    expect(resolveCategory('Curăţenie')).toBe('Curățenie, Întreținere casă');
  });

  it('refuses what names no category or several (home-grid themes, unknown words)', () => {
    for (const raw of ['', 'Sport', 'Tehnologie', 'Gradinarit', 'Arta', 'Mașini de spălat', 'Fotografii'])
      expect(resolveCategory(raw)).toBeUndefined();
  });
});
