import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.ts';
import { HOME_CATEGORIES } from './home-grid.ts';
import { matchesTopic, stem, TOPIC_TERMS_MAX, topicTerms, topicTitle } from './topics.ts';

describe('topicTerms', () => {
  it('takes the significant words of a name, stemmed, as word beginnings', () => {
    expect(stem('torturi')).toBe('tort');
    expect(stem('echipamentului')).toBe('echipament');
    expect(stem('nunta')).toBe('nunt');
    expect(stem('casa')).toBe('casa');
    expect(topicTerms('Torturi aniversare')).toEqual(['tort*', 'aniversar*']);
    expect(topicTerms('Botezuri și evenimente')).toEqual(['botez*', 'eveniment*']);
    // Short words and words that begin others are matched whole.
    expect(topicTerms('Redactare CV')).toEqual(['redactar*', 'cv']);
    expect(topicTerms('Conținut pentru social media')).toEqual(['continut*', 'social*', 'media']);
  });

  it("leaves out the category's own words inside it, unless nothing else remains", () => {
    expect(topicTerms('Fotografie de nuntă', 'Fotografie')).toEqual(['nunt*']);
    expect(topicTerms('Fotografie de nuntă')).toEqual(['fotograf*', 'nunt*']);
    expect(topicTerms('Fotografie', 'Fotografie')).toEqual(['fotograf*']);
  });

  it('uses the keyword list of a tile or a listed sub-topic, whatever the spelling', () => {
    const honey = topicTerms('Miere de albine', 'Prăjituri, Băcănie, Gătit');
    expect(honey).toContain('miere');
    expect(honey).not.toContain('albin*');
    expect(topicTerms('miere de ALBINE')).toEqual(honey);
    expect(topicTerms('gradinarit')).toEqual(topicTerms('Grădinărit'));
    expect(topicTerms('Sport')).toContain('sah');
    expect(topicTerms('de și pentru')).toEqual([]);
  });

  it('gives every sub-topic and every topic tile well-formed terms (one FTS5 token each)', () => {
    const topics = [
      ...CATEGORIES.flatMap((c) => c.columns.flatMap((col) => col.topics.map((t) => [t, c.name] as const))),
      ...HOME_CATEGORIES.filter((t) => t.topic).map((t) => [t.name, t.category] as const),
    ];
    for (const [topic, category] of topics) {
      const terms = topicTerms(topic, category);
      expect(terms.length, topic).toBeGreaterThan(0);
      expect(terms.length).toBeLessThanOrEqual(TOPIC_TERMS_MAX);
      for (const t of terms) expect(t, topic).toMatch(/^[a-z0-9]+\*?$/);
    }
  });
});

describe('matchesTopic', () => {
  it('matches any term, a starred one as the beginning of a word, in the title or the description', () => {
    const terms = ['tort*', 'miere'];
    expect(matchesTopic(terms, 'Torturi de casă', '')).toBe(true);
    expect(matchesTopic(terms, 'Borcane', 'Mierea de salcâm')).toBe(false);
    expect(matchesTopic(terms, 'Borcane', 'miere de salcâm')).toBe(true);
    expect(matchesTopic(terms, 'Cozonac', 'cu nucă')).toBe(false);
    expect(matchesTopic([], 'orice', '')).toBe(true);
  });
});

describe('topicTitle', () => {
  it('writes a topic as its tile or sub-topic is written, else as given', () => {
    expect(topicTitle('miere de albine')).toBe('Miere de albine');
    expect(topicTitle('tehnologie')).toBe('Tehnologie');
    expect(topicTitle('  ceva nou ')).toBe('ceva nou');
  });
});
