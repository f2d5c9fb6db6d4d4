import { describe, expect, it } from 'vitest';
import { filterMine, type MyItem, presentCategories } from './filter.ts';

const item = (id: string, title: string, extra: Partial<MyItem> = {}): MyItem => ({
  id,
  title,
  category: 'Fotografie',
  location: 'Cluj',
  localitate: 'Cluj-Napoca',
  createdAt: `2026-01-0${id.slice(-1)}T10:00:00.000Z`,
  ...extra,
});

const list = [
  item('aaaaaaaaaaaaaaaaaaaaaaa1', 'Ședință foto în parc'),
  item('bbbbbbbbbbbbbbbbbbbbbbb2', 'Tort de ciocolată', {
    category: 'Prăjituri, Băcănie, Gătit',
    location: 'Iași',
    localitate: 'Pașcani',
  }),
  item('ccccccccccccccccccccccc3', 'Album foto de nuntă', { location: 'Toată țara', localitate: '' }),
];
const all = { query: '', category: '', sort: 'recent' as const };
const ids = (l: MyItem[]) => l.map((a) => a.id.slice(-1));

describe('filterMine', () => {
  it('every word must match the title, the id or the place, diacritics ignored', () => {
    expect(ids(filterMine(list, { ...all, query: 'sedinta' }))).toEqual(['1']);
    expect(ids(filterMine(list, { ...all, query: 'foto cluj' }))).toEqual(['1']);
    expect(ids(filterMine(list, { ...all, query: 'foto tara' }))).toEqual(['3']);
    expect(ids(filterMine(list, { ...all, query: 'pascani tort' }))).toEqual(['2']);
    expect(ids(filterMine(list, { ...all, query: 'bbbbbbb2' }))).toEqual(['2']);
    expect(ids(filterMine(list, { ...all, query: 'tort cluj' }))).toEqual([]);
  });
  it('category and the four orders', () => {
    expect(ids(filterMine(list, { ...all, category: 'Fotografie' }))).toEqual(['3', '1']);
    expect(ids(filterMine(list, { ...all, sort: 'oldest' }))).toEqual(['1', '2', '3']);
    expect(ids(filterMine(list, { ...all, sort: 'title-asc' }))).toEqual(['3', '1', '2']);
    expect(ids(filterMine(list, { ...all, sort: 'title-desc' }))).toEqual(['2', '1', '3']);
  });
  it('offers only the categories present, in Romanian order', () => {
    expect(presentCategories(list)).toEqual(['Fotografie', 'Prăjituri, Băcănie, Gătit']);
  });
});
