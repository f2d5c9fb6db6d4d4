import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerEstablished, sqlAll } from '../test-helper.ts';

/**
 * Issue 45 item 14: deleting an account takes its words out of the search at once — not only the title
 * and description, but their analysed copies (search_title, search_text, the sort key) that the FTS index,
 * PostgreSQL's vectors and the search threads' memory are built from, and the words only they held from
 * the vocabulary the suggestions complete from.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
let app: App;
beforeEach(async () => {
  app = await buildTestApp();
});
afterEach(async () => {
  await app.cleanup();
});

const WORD = 'zorbalunacheta';
const search = async (q: string) => {
  const res = await app.inject({ url: '/api/announcements/search', query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { _id: string }[] }).items.map((a) => a._id);
};

describe('deleting an account and the search (issue 45 item 14)', () => {
  it("leaves none of the person's words in the analysed columns, and a search finds nothing of theirs", async () => {
    const me = await registerEstablished(app);
    const other = await registerEstablished(app);
    const mine = await insertAnnouncement(app, me.userId, {
      title: `Lecții de ${WORD} pentru începători`,
      description: `Predau ${WORD} de zece ani, cu răbdare, acasă la tine sau online, în orice zi.`,
    });
    const theirs = await insertAnnouncement(app, other.userId, {
      title: 'Lecții de chitară pentru începători',
    });
    expect(await search(WORD)).toEqual([mine]);
    await app.searchVocab.refresh(app.uow, 10);
    const before = await app.inject({ url: '/api/announcements/suggest', query: { q: WORD.slice(0, 6) } });
    expect(before.body).toContain(WORD);

    const del = await app.inject({
      method: 'DELETE',
      url: '/api/users/delete-account',
      headers: { authorization: `Bearer ${me.token}` },
      payload: { password: 'parola-buna-1' },
    });
    expect(del.statusCode, del.body).toBe(200);

    expect(await search(WORD)).toEqual([]);
    await app.searchVocab.refresh(app.uow, 10);
    const suggest = await app.inject({ url: '/api/announcements/suggest', query: { q: WORD.slice(0, 6) } });
    expect(suggest.body).not.toContain(WORD);
    // A word someone else's announcement still holds stays offered.
    const shared = await app.inject({ url: '/api/announcements/suggest', query: { q: 'chita' } });
    expect(shared.body).toContain('chitar');
    expect(await search('lecții')).toEqual([theirs]);
    const [row] = await sqlAll<{ search_title: string; search_text: string; title_key: string }>(
      app,
      sql`SELECT search_title, search_text, title_key FROM announcements WHERE id = ${mine}`,
    );
    expect(row).toEqual({ search_title: '', search_text: '', title_key: '' });
    // The other person's announcement keeps its analysed text.
    const [kept] = await sqlAll<{ search_title: string }>(
      app,
      sql`SELECT search_title FROM announcements WHERE id = ${theirs}`,
    );
    expect(kept?.search_title).not.toBe('');
  });
});
