import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_ID } from '../../../schema/entities.ts';
import { openDatabase } from './database.ts';
import { clearDraft, EMPTY_DRAFT, saveDraft, watchDraft, whenDatabase } from './draft.ts';
import { setCurrentDatabase } from './registry.ts';
import type { HobbizDatabase } from './types.ts';

let db: HobbizDatabase;
beforeEach(async () => {
  // A fresh browser profile: the guest's database on fake IndexedDB.
  db = await openDatabase(null, ['drafts'], getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }));
});
afterEach(async () => {
  setCurrentDatabase(null);
  await db.close();
});

const stored = async () => (await db.drafts.findOne(DRAFT_ID).exec())?.toJSON();

describe('the announcement draft', () => {
  it('waits for the database that opens after the first paint', async () => {
    setCurrentDatabase(null);
    const opened = whenDatabase();
    setCurrentDatabase(db);
    expect(await opened).toBe(db);
  });

  it('writes only the fields typed here, over what another device changed meanwhile', async () => {
    setCurrentDatabase(db);
    await saveDraft({ title: 'Cozonac cu nucă' });
    // The seller's other device changed the description; replication brought it here.
    await db.drafts.upsert({ ...(await stored())!, description: 'Scrisă pe telefon' });
    await saveDraft({ title: 'Cozonac cu nucă și cacao' });
    expect(await stored()).toMatchObject({
      ...EMPTY_DRAFT,
      title: 'Cozonac cu nucă și cacao',
      description: 'Scrisă pe telefon',
    });
  });

  it('tells the publish page of every change, and null once it is empty or gone', async () => {
    setCurrentDatabase(db);
    const seen: (string | null)[] = [];
    const stop = watchDraft((d) => seen.push(d ? d.title : null));
    await vi.waitFor(() => expect(seen).toEqual([null]));
    await saveDraft({ title: 'Pâine de casă' });
    await vi.waitFor(() => expect(seen.at(-1)).toBe('Pâine de casă'));
    await saveDraft({ title: '   ' });
    await vi.waitFor(() => expect(seen.at(-1)).toBe(null));
    stop();
    await saveDraft({ title: 'După oprire' });
    expect(seen).not.toContain('După oprire');
  });

  it('a save still in flight when Publică clears the draft does not bring the text back', async () => {
    setCurrentDatabase(db);
    void saveDraft({ title: 'Publicat deja' });
    void saveDraft({ description: 'Text publicat' });
    await clearDraft();
    expect(await stored()).toBeUndefined();
  });
});
