import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.ts';
import { HOME_CATEGORIES } from './home-grid.ts';
import { definitionQuery, matchesTopic, TOPIC_TERMS_MAX, topicQuery, topicTitle } from './topics.ts';

const matches = (topic: string, category: string | undefined, title: string, description = '') =>
  matchesTopic(topicQuery(topic, category), title, description);

describe('topicQuery', () => {
  it('requires every significant word of a name, each in any of its forms', () => {
    expect(topicQuery('Torturi aniversare').groups).toHaveLength(2);
    expect(matches('Torturi aniversare', undefined, 'Tort pentru aniversări')).toBe(true);
    expect(matches('Torturi aniversare', undefined, 'Tort', 'pentru aniversarea celui mic')).toBe(true);
    // One word is not enough any more: 'Piese auto' listed a bicycle repair through 'piese'.
    expect(matches('Torturi aniversare', undefined, 'Torturi de nuntă')).toBe(false);
    expect(matches('Lecții de chitară', undefined, 'Lecții de pian')).toBe(false);
    // Stop words are not words of a topic: 'de' and 'și' are not required.
    expect(topicQuery('Botezuri și evenimente').groups).toHaveLength(2);
  });

  it("leaves out the category's own words inside it, unless nothing else remains", () => {
    expect(matches('Fotografie de nuntă', 'Fotografie', 'Nuntă în Cluj, stil documentar')).toBe(true);
    expect(matches('Fotografie de nuntă', undefined, 'Nuntă în Cluj, stil documentar')).toBe(false);
    expect(matches('Fotografie de nuntă', undefined, 'Fotografii de la nunți')).toBe(true);
    expect(topicQuery('Fotografie', 'Fotografie').groups).toHaveLength(1);
  });

  it('uses the definition of a tile or a listed sub-topic, whatever the spelling', () => {
    expect(topicQuery('miere de ALBINE')).toEqual(topicQuery('Miere de albine'));
    expect(topicQuery('gradinarit')).toEqual(topicQuery('Grădinărit'));
    // 'Miere de albine' is any honey word, not 'albine' as well; 'mierea' is a form of 'miere'.
    expect(matches('Miere de albine', undefined, 'Borcane', 'Mierea de salcâm, 500 g')).toBe(true);
    expect(matches('Miere de albine', undefined, 'Cozonac', 'cu nucă și cacao')).toBe(false);
    expect(matches('Sport', undefined, 'Curs de șah pentru copii')).toBe(true);
    // No significant word: no filter.
    expect(topicQuery('de și pentru').groups).toEqual([]);
    expect(matches('de și pentru', undefined, 'orice')).toBe(true);
  });

  it('gives every sub-topic and every topic tile a bounded query of well-formed terms', () => {
    const topics = [
      ...CATEGORIES.flatMap((c) => c.columns.flatMap((col) => col.topics.map((t) => [t, c.name] as const))),
      ...HOME_CATEGORIES.filter((t) => t.topic).map((t) => [t.name, t.category] as const),
    ];
    for (const [topic, category] of topics) {
      const q = topicQuery(topic, category);
      expect(q.groups.length, topic).toBeGreaterThan(0);
      const phrases = [...q.groups.flat(), ...q.not];
      for (const g of q.groups) expect(g.length, topic).toBeGreaterThan(0);
      expect(q.groups.flat().length).toBeLessThanOrEqual(TOPIC_TERMS_MAX);
      for (const p of phrases) expect(p.term, topic).toMatch(/^[a-z0-9]+$/);
    }
  });
});

describe('definitionQuery', () => {
  it("reads one list as any of its terms, 'x*' as a word beginning, 'x' as the word in its forms", () => {
    const q = definitionQuery('tort* miere');
    expect(matchesTopic(q, 'Torturi de casă', '')).toBe(true);
    expect(matchesTopic(q, 'Borcane', 'Mierea de salcâm')).toBe(true);
    expect(matchesTopic(q, 'Cozonac', 'cu nucă')).toBe(false);
    // Without '*' a term does not match the longer words it begins.
    expect(matchesTopic(definitionQuery('tort'), 'Tortilla cu legume', '')).toBe(false);
  });

  it('requires one term of every list and none of `not`', () => {
    const q = definitionQuery({ all: ['apartament* garsonier*', 'vanz* vand*'], not: 'camere' });
    expect(matchesTopic(q, 'Vând garsonieră lângă parc', '')).toBe(true);
    expect(matchesTopic(q, 'Zugrăveli interioare', 'Zugrăvesc apartamente și case')).toBe(false);
    expect(matchesTopic(q, 'Apartament de vânzare', 'are două camere')).toBe(false);
  });
});

describe('matchesTopic', () => {
  it('matches in the title or the description; a query without groups matches everything', () => {
    const q = topicQuery('Lecții de chitară');
    expect(matchesTopic(q, 'Chitară acustică', 'Lecții pentru începători')).toBe(true);
    expect(matchesTopic(q, 'Lecții de chitară', '')).toBe(true);
    expect(matchesTopic({ groups: [], not: [] }, 'orice', '')).toBe(true);
  });
});

describe('topicTitle', () => {
  it('writes a topic as its tile or sub-topic is written, else as given', () => {
    expect(topicTitle('miere de albine')).toBe('Miere de albine');
    expect(topicTitle('tehnologie')).toBe('Tehnologie');
    expect(topicTitle('  ceva nou ')).toBe('ceva nou');
  });
});
