import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TextQuery } from '../../../schema/text.ts';
import { searchRepository } from '../repositories/search.ts';
import { insertSearchFixtures } from '../repositories/search-fixtures.ts';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';
import { SUGGEST_SAMPLE, suggest } from './search-suggest.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
let owner: string;

beforeAll(async () => {
  app = await buildTestApp();
  owner = (await registerAndLogin(app)).userId;
  await insertSearchFixtures(app, owner);
  await app.searchVocab.refresh(app.uow, 10);
});
afterAll(async () => {
  await app.cleanup();
});

/** The repository of the test database, counting the sample reads. */
function counted() {
  const repo = searchRepository(app.db);
  const reads: TextQuery[] = [];
  return {
    reads,
    texts: (t: TextQuery, k: number) => {
      reads.push(t);
      return repo.texts(t, k);
    },
  };
}

describe('suggestions after other words', () => {
  it('offer completions found with the words before, from one sample kept for the next keystrokes', async () => {
    const engine = counted();
    const at = Date.now();
    const texts = async (q: string, now = at) =>
      (await suggest(engine, app.searchVocab, q, now)).map((s) => s.text);
    // The completion as the announcements write it, the words before as typed (lower case).
    expect(await texts('Tort ci')).toContain('tort ciocolată');
    expect(await texts('tort cio')).toContain('tort ciocolată');
    expect(engine.reads).toHaveLength(1);
    // Ten seconds later the sample is read again.
    await texts('tort cioc', at + 10_001);
    expect(engine.reads).toHaveLength(2);
    // One word alone is never checked.
    await texts('ciocol');
    expect(engine.reads).toHaveLength(2);
  });

  it('look only at the newest announcements holding the words before (bounded work)', async () => {
    // 'Ghivece' goes with 'olarit' in one old announcement, then SUGGEST_SAMPLE newer ones without it.
    await insertAnnouncement(app, owner, {
      title: 'Olărit: ghivece pictate',
      createdAt: '2025-01-01T00:00:00Z',
    });
    await app.searchVocab.refresh(app.uow, 10);
    const engine = counted();
    const at = Date.now();
    expect((await suggest(engine, app.searchVocab, 'olarit ghi', at)).map((s) => s.text)).toEqual([
      'olarit ghivece',
    ]);
    for (let i = 0; i < SUGGEST_SAMPLE; i++) await insertAnnouncement(app, owner, { title: `Olărit ${i}` });
    await app.searchVocab.refresh(app.uow, 10);
    expect(await suggest(engine, app.searchVocab, 'olarit ghi', at + 20_000)).toEqual([]);
  });
});
