import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../../schema/db/tables.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';

/**
 * Issue 45, item 4: the PWA shows 'Moderare' in the account menus only to moderators, so the caller's own
 * profile says whether it is one — and nobody else's answer does (a public profile never names the role).
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Who = { token: string; userId: string };
let app: App;
let person: Who;
let moderator: Who;
beforeEach(async () => {
  app = await buildTestApp();
  person = await registerAndLogin(app);
  moderator = await registerAndLogin(app);
  await app.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.userId));
});
afterEach(async () => {
  await app.cleanup();
});

const get = (who: Who | null, url: string) =>
  app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${who.token}` } : {} });

describe('the moderator flag of the own profile', () => {
  it('says true to a moderator and false to everyone else, in GET /api/users/profile', async () => {
    expect((await get(moderator, '/api/users/profile')).json().moderator).toBe(true);
    expect((await get(person, '/api/users/profile')).json().moderator).toBe(false);
  });

  it('follows the role at once when it is taken away', async () => {
    await app.db.update(users).set({ role: 'user' }).where(eq(users.id, moderator.userId));
    expect((await get(moderator, '/api/users/profile')).json().moderator).toBe(false);
  });

  it('is in the answer to a profile edit, and in no public profile', async () => {
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${moderator.token}` },
      payload: { firstName: 'Maria', lastName: 'Pop', phone: '0722123456', localitate: 'Cluj-Napoca' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().moderator).toBe(true);
    for (const viewer of [null, person, moderator]) {
      const seen = await get(viewer, `/api/users/profile/${moderator.userId}`);
      expect(seen.statusCode).toBe(200);
      expect(JSON.stringify(seen.json())).not.toMatch(/moderator|role/);
    }
  });
});
