import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerAndLogin, sqlAll } from '../test-helper.ts';

/**
 * The spelling vocabulary's refresh (search-vocab.ts): every live announcement's words counted once,
 * the spelling with diacritics kept, and two refreshers at once (two instances on one database) never
 * counting a row twice. On both engines (`npm run test:pg`).
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;

describe('search vocabulary refresh', () => {
  let app: App;
  let owner: string;

  beforeAll(async () => {
    app = await buildTestApp();
    owner = (await registerAndLogin(app)).userId;
    await app.searchVocab.refresh(app.uow, 100);
  });
  afterAll(() => app.cleanup());

  const docsOf = async (word: string) =>
    (
      await sqlAll<{ docs: number | string; shown: string | null }>(
        app,
        sql`SELECT docs, shown FROM search_vocab WHERE word = ${word}`,
      )
    ).map((r) => ({ docs: Number(r.docs), shown: r.shown }))[0];

  it('counts each live announcement once, keeps the spelling with diacritics, skips inactive ones', async () => {
    const before = (await docsOf('zacusca'))?.docs ?? 0;
    await insertAnnouncement(app, owner, {
      title: 'Zacusca de vinete la borcan',
      description: 'Fără conservanți, din legume de grădină, gătită pe plită.',
    });
    await insertAnnouncement(app, owner, {
      title: 'Zacuscă de casă cu ardei copți',
      description: 'Borcane de 400 g, rețetă din bătrâni, livrare în oraș.',
    });
    await insertAnnouncement(app, owner, {
      title: 'Zacuscă de toamnă',
      description: 'Anunț inactiv: nu intră în vocabular până nu e activ.',
      active: false,
    });
    expect(await app.searchVocab.refresh(app.uow, 10)).toBe(true);
    expect(await docsOf('zacusca')).toEqual({ docs: before + 2, shown: 'zacuscă' });
    // Caught up: a second refresh adds nothing.
    expect(await app.searchVocab.refresh(app.uow, 10)).toBe(true);
    expect((await docsOf('zacusca'))?.docs).toBe(before + 2);
  });

  it('two refreshes at once take turns: each new row is counted once', async () => {
    const before = (await docsOf('vinete'))?.docs ?? 0;
    for (let i = 0; i < 5; i++)
      await insertAnnouncement(app, owner, {
        title: `Vinete coapte pe jar, borcanul ${i + 1}`,
        description: 'Salată de vinete cu ceapă, din grădina proprie, la comandă.',
      });
    const both = await Promise.all([
      app.searchVocab.refresh(app.uow, 10),
      app.searchVocab.refresh(app.uow, 10),
    ]);
    expect(both).toEqual([true, true]);
    await app.searchVocab.refresh(app.uow, 10);
    expect((await docsOf('vinete'))?.docs).toBe(before + 5);
  });
});
