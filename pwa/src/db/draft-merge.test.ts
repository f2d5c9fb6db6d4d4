import { beforeEach, describe, expect, it } from 'vitest';
import type { DraftDoc } from '../../../schema/entities.ts';
import { conflictHandlers } from './conflicts.ts';
import { draftConflicts } from './draft-conflicts.ts';
import { type DraftFields, mergeDraftFields } from './draft-merge.ts';

const empty: DraftFields = {
  title: '',
  category: '',
  description: '',
  location: '',
  localitate: '',
  contactPerson: '',
  contactEmail: '',
  contactPhone: '',
  price: '',
};
const base: DraftFields = { ...empty, title: 'Lecții de chitară', description: 'O oră pe săptămână.' };

describe('mergeDraftFields', () => {
  it('a field only one side changed takes that side’s text, with no conflict', () => {
    const mine = { ...base, description: 'Două ore pe săptămână.' };
    const theirs = { ...base, title: 'Lecții de chitară pentru începători', price: '80' };
    expect(mergeDraftFields(base, mine, theirs)).toEqual({
      merged: { ...base, title: theirs.title, price: '80', description: mine.description },
      conflicts: [],
    });
  });

  it('a field both changed differently keeps the newer text and reports this device’s', () => {
    const mine = { ...base, title: 'Lecții de chitară clasică' };
    const theirs = { ...base, title: 'Lecții de chitară pentru începători' };
    expect(mergeDraftFields(base, mine, theirs)).toEqual({
      merged: theirs,
      conflicts: [{ field: 'title', mine: mine.title, theirs: theirs.title }],
    });
  });

  it('the same change on both sides is no conflict', () => {
    const same = { ...base, title: 'Același titlu nou' };
    expect(mergeDraftFields(base, same, { ...same })).toEqual({ merged: same, conflicts: [] });
  });

  it('with no shared version, an empty field takes the other side; two different texts conflict', () => {
    const mine = { ...empty, title: 'Titlul de pe telefon', contactPhone: '0722123456' };
    const theirs = { ...empty, title: 'Titlul de pe laptop', description: 'Descrierea de pe laptop.' };
    expect(mergeDraftFields(null, mine, theirs)).toEqual({
      merged: { ...theirs, contactPhone: '0722123456' },
      conflicts: [{ field: 'title', mine: mine.title, theirs: theirs.title }],
    });
  });
});

describe('the drafts conflict handler', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    globalThis.localStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    } as Storage;
  });
  const doc = (f: DraftFields, updatedAt: string) =>
    ({ id: 'draft', ...f, updatedAt, _deleted: false }) as DraftDoc & { _deleted: boolean };
  const resolve = (
    input: Parameters<NonNullable<ReturnType<typeof conflictHandlers>['drafts']>['resolve']>[0],
  ) => conflictHandlers('u1').drafts!.resolve(input, 'test') as Promise<DraftDoc & { _deleted: boolean }>;

  it('an older offline edit of the title does not beat the newer one; the other fields merge', async () => {
    const assumed = doc(base, '2026-01-01T10:00:00.000Z');
    // Device 2 (offline) edited the title and the phone at 10:05; device 1 edited the title at 10:10.
    const mine = doc(
      { ...base, title: 'Titlul vechi de pe telefon', contactPhone: '0722123456' },
      '2026-01-01T10:05:00.000Z',
    );
    const real = doc({ ...base, title: 'Titlul nou de pe laptop' }, '2026-01-01T10:10:00.000Z');
    const out = await resolve({
      assumedMasterState: assumed as never,
      realMasterState: real as never,
      newDocumentState: mine as never,
    });
    expect(out).toMatchObject({
      title: 'Titlul nou de pe laptop',
      contactPhone: '0722123456',
      _deleted: false,
    });
    expect(out.updatedAt > real.updatedAt).toBe(true);
    expect(draftConflicts('u1')).toEqual([
      { field: 'title', mine: 'Titlul vechi de pe telefon', theirs: 'Titlul nou de pe laptop' },
    ]);
  });

  it('nothing of this device’s left to push: the server copy as it is, no conflict', async () => {
    const assumed = doc(base, '2026-01-01T10:00:00.000Z');
    const real = doc({ ...base, description: 'Nouă.' }, '2026-01-01T10:10:00.000Z');
    const out = await resolve({
      assumedMasterState: assumed as never,
      realMasterState: real as never,
      newDocumentState: assumed as never,
    });
    expect(out).toEqual(real);
    expect(draftConflicts('u1')).toEqual([]);
  });
});
