import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerAndLogin } from '../test-helper.ts';

/**
 * The corrected query as the page shows it ('Rezultate pentru „…”'): the vocabulary keeps folded words,
 * the person reads them written as the announcements write them. On both engines (`npm run test:pg`).
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;

beforeAll(async () => {
  app = await buildTestApp();
  const owner = (await registerAndLogin(app)).userId;
  await insertAnnouncement(app, owner, {
    title: 'Brânzeturi de la stână: telemea, caș și urdă',
    description: 'Caș proaspăt în fiecare dimineață, telemea maturată și urdă dulce, direct de la stână.',
  });
  await insertAnnouncement(app, owner, {
    title: 'Fotografie de nuntă în stil documentar',
    description: 'Fotografiez nunți și botezuri în toată țara, cu album tipărit inclus în pachet.',
  });
  await app.searchVocab.refresh(app.uow, 10);
});
afterAll(async () => {
  await app.cleanup();
});

const search = async (q: string) => {
  const res = await app.inject({ method: 'GET', url: '/api/announcements/search', query: { q } });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: { title: string }[]; correctedQuery?: string };
};

describe('the corrected query', () => {
  it('writes a corrected word with its diacritics, as the announcements found write it', async () => {
    const page = await search('cas proaspat');
    expect(page.correctedQuery).toBeUndefined(); // 'cas' is 'caș' folded: a known word, nothing to correct
    const typo = await search('caas');
    expect(typo.correctedQuery).toBe('caș');
    expect(typo.items.map((a) => a.title)).toEqual(['Brânzeturi de la stână: telemea, caș și urdă']);
  });

  it('keeps the words that needed no correction as typed (diacritics kept)', async () => {
    const page = await search('Fotgrafie Nuntă');
    expect(page.correctedQuery).toBe('fotografie nuntă'); // lower case, diacritics kept
    expect(page.items[0]?.title).toBe('Fotografie de nuntă în stil documentar');
  });

  it('searches the shown spelling exactly as the correction (the next pages and the live watch use it)', async () => {
    const shown = (await search('caas')).correctedQuery!;
    const again = await search(shown);
    expect(again.correctedQuery).toBeUndefined();
    expect(again.items.map((a) => a.title)).toEqual(['Brânzeturi de la stână: telemea, caș și urdă']);
  });
});
