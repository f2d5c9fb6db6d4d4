import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertAnnouncement, registerAndLogin, sqlGet, sqlRun } from '../test-helper.ts';

/**
 * Rows written before the analysed columns existed get them once (app start), and a database where that
 * was done is not scanned again at the next start (counters 'search_columns_done').
 */
let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

describe('backfillColumns', () => {
  it('fills rows without analysed columns once, then remembers that it is done', async () => {
    const { userId } = await registerAndLogin(app);
    const id = await insertAnnouncement(app, userId, { title: 'Lecții de chitară acustică' });
    // As a database made before migration 0012 holds it, and as if no start had checked it yet.
    await sqlRun(app, sql`UPDATE announcements SET search_title = '', search_text = '' WHERE id = ${id}`);
    await sqlRun(app, sql`DELETE FROM counters WHERE name = 'search_columns_done'`);
    expect(await app.searchVocab.backfillColumns(app.uow)).toBe(1);
    const row = await sqlGet<{ t: string }>(
      app,
      sql`SELECT search_title AS t FROM announcements WHERE id = ${id}`,
    );
    expect(row?.t).toContain('chitar');
    // Done: a row emptied now (no writer does that) is not looked for again.
    await sqlRun(app, sql`UPDATE announcements SET search_title = '' WHERE id = ${id}`);
    expect(await app.searchVocab.backfillColumns(app.uow)).toBe(0);
  });
});
