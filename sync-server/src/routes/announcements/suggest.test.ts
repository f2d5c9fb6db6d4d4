import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUGGEST_MAX } from '../../../../schema/suggest.ts';
import { insertSearchFixtures } from '../../repositories/search-fixtures.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';

type App = Awaited<ReturnType<typeof buildTestApp>>;
type Answer = { suggestions: { text: string; subiect?: string; category?: string }[] };
let app: App;

beforeAll(async () => {
  app = await buildTestApp();
  const owner = await registerAndLogin(app);
  await insertSearchFixtures(app, owner.userId);
  await app.searchVocab.refresh(app.uow, 10);
});
afterAll(async () => {
  await app.cleanup();
});

const suggest = async (q: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/announcements/suggest', query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Answer).suggestions;
};

describe('GET /api/announcements/suggest', () => {
  it('completes the last word with words of the catalogue that go with the words before it', async () => {
    const got = (await suggest('tort ci')).map((s) => s.text);
    expect(got).toContain('tort ciocolată'); // as the catalogue writes it
    // Only completions found together with 'tort'.
    for (const t of got) expect(t.startsWith('tort ')).toBe(true);
    expect((await suggest('ciocol')).map((s) => s.text)).toContain('ciocolată');
  });

  it('offers topics whose name fits, with the page they open', async () => {
    const got = await suggest('spo');
    expect(got[0]).toEqual({ text: 'Sport', subiect: 'Sport' });
    const honey = await suggest('miere de alb');
    expect(honey[0]).toMatchObject({
      text: 'Miere de albine',
      subiect: 'Miere de albine',
      category: expect.any(String),
    });
  });

  it('answers at most six, and nothing for one letter, a finished word, a paste or an empty text', async () => {
    expect((await suggest('re')).length).toBeLessThanOrEqual(SUGGEST_MAX);
    expect(await suggest('r')).toEqual([]);
    expect(await suggest('tort ')).toEqual([]);
    expect(await suggest('a'.repeat(500))).toEqual([]);
    expect(await suggest('')).toEqual([]);
    expect(await suggest('"tort" OR ci*')).toBeInstanceOf(Array);
    expect(await suggest('🎂🎂 to')).toBeInstanceOf(Array);
  });
});
