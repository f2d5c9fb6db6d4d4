import { describe, expect, it } from 'vitest';
import { offlineSuggestions, typedWords } from './suggest.ts';
import { contentWords, spelledContentWords } from './words.ts';

describe('spellings shown by suggestions', () => {
  it('a text’s content words keep their spelling, the one with diacritics when it writes both', () => {
    expect([...spelledContentWords('Prajituri si prăjituri de casă, CĂSĂTORIE')]).toEqual([
      ['prajituri', 'prăjituri'],
      ['casa', 'casă'],
      ['casatorie', 'căsătorie'],
    ]);
  });

  it('holds exactly the index’s words, also for marks with no composed letter and decomposed text', () => {
    for (const text of [
      'İstanbul și Cluj',
      'ca\u0306sa\u0306 s\u0326i ma\u0306r',
      'Şcoală de ţesut',
      'tort 🎂 x2',
    ]) {
      expect([...spelledContentWords(text).keys()], text).toEqual([...new Set(contentWords(text))]);
    }
    expect(spelledContentWords('ca\u0306sa\u0306').get('casa')).toBe('căsă'); // composed: NFC
  });

  it('the words typed before the last are shown as typed, in lower case', () => {
    expect(typedWords('Lecții de chi')).toEqual({
      before: ['lectii', 'de'],
      last: 'chi',
      written: ['lecții', 'de'],
    });
    expect(typedWords('lectii  de ch')?.written).toEqual(['lectii', 'de']);
  });

  it('offline, a completion is written as the titles the device holds write it', () => {
    const titles = ['Tort de ciocolată cu vișine', 'Tort ciocolata amaruie', 'Prăjituri de casă'];
    expect(offlineSuggestions('Tort de cio', titles).map((s) => s.text)).toEqual(['tort de ciocolată']);
    expect(offlineSuggestions('praj', titles).map((s) => s.text)).toContain('prăjituri');
  });

  it('offers one form of a word: those the search would match with it are left out', () => {
    const titles = ['Chitare electrice', 'Chitare acustice', 'Chitară clasică', 'Chiar azi, livrare'];
    const words = offlineSuggestions('chi', titles).filter((s) => !s.subiect); // after the topics
    expect(words.map((s) => s.text)).toEqual(['chitare', 'chiar']);
  });
});
