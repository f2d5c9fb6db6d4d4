import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryUnknown } from '../../../../schema/rules/announcement.ts';
import { buildTestApp, registerAndLogin } from '../../test-helper.ts';
import { bearer, multipart, validForm } from './test-fixtures.ts';

/**
 * Issue 12 items 16–18: what a client of the spec's REST tables sends (the spec's own category spellings,
 * `location` alone, a PUT with only some fields) is understood, and never erases what it leaves out.
 */
type App = Awaited<ReturnType<typeof buildTestApp>>;
type Api = {
  _id: string;
  title: string;
  category: string;
  location: string;
  localitate: string;
  price: number | null;
  contactPhone: string;
};

let app: App;
let owner: { token: string; userId: string };
beforeAll(async () => {
  app = await buildTestApp();
  owner = await registerAndLogin(app);
});
afterAll(async () => {
  await app.cleanup();
});

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
  const { payload, headers } = await multipart(fields);
  return app.inject({ method, url, payload, headers: { ...headers, ...bearer(owner.token) } });
}
const publish = (fields: Record<string, string>) => send('POST', '/api/users/my-announcements', fields);
const update = (id: string, fields: Record<string, string>) =>
  send('PUT', `/api/users/my-announcements/${id}`, fields);

/** The spec's publish payload: no `localitate`, no price. */
const { localitate: _l, price: _p, ...specForm } = validForm;

async function published(fields: Record<string, string>): Promise<Api> {
  const res = await publish(fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Api;
}

const listed = async (query: string) => {
  const res = await app.inject({ url: `/api/announcements?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Api[]).map((a) => a._id);
};

describe('category spellings (item 16)', () => {
  it("publishes and edits with the spec's literal names and short names, stored canonically", async () => {
    const a = await published({ ...specForm, category: 'Prajituri, Băcănie, Gătit' });
    expect(a.category).toBe('Prăjituri, Băcănie, Gătit');
    const b = await published({ ...specForm, category: 'Imobiliare, Construcții, Amenajari' });
    expect(b.category).toBe('Imobiliare, Construcții, Amenajări');
    const c = await published({ ...specForm, category: 'muzica' });
    expect(c.category).toBe('Muzică, Teatru, Dans');

    const edited = await update(a._id, { category: 'Curatenie, Întreținere casă' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as Api).category).toBe('Curățenie, Întreținere casă');

    expect(await listed(`category=${encodeURIComponent('Curatenie')}`)).toEqual([a._id]);
    expect(await listed(`category=${encodeURIComponent('Amenajari')}`)).toEqual([b._id]);
    expect(await listed(`category=${encodeURIComponent('Muzica')}`)).toEqual([c._id]);
    const search = await app.inject({
      url: `/api/announcements/search?category=${encodeURIComponent('Curatenie, Intretinere casa')}`,
    });
    expect((search.json() as { items: Api[] }).items.map((x) => x._id)).toEqual([a._id]);
  });

  it('still refuses a name that means no category, naming the 14 (issue 25)', async () => {
    const res = await publish({ ...specForm, category: 'Mașini de spălat' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.category).toBe(categoryUnknown('Mașini de spălat'));
    expect((await publish({ ...specForm, category: '' })).json().errors.category).toBe(
      'Trebuie să selectezi o categorie',
    );
  });
});

describe("the spec's tile picker (issue 45 item 20)", () => {
  it('publishes with each of the 12 home tiles, the cross-category ones in their main category, listed on their tile', async () => {
    const expected: Record<string, string> = {
      Fotografie: 'Fotografie',
      Prajituri: 'Prăjituri, Băcănie, Gătit',
      Muzica: 'Muzică, Teatru, Dans',
      Reparatii: 'Reparații, Instalații, Bricolaj',
      Dans: 'Muzică, Teatru, Dans',
      Curatenie: 'Curățenie, Întreținere casă',
      Gradinarit: 'Curățenie, Întreținere casă',
      Sport: 'Meditații & Cursuri',
      Arta: 'Grafică & Design',
      Tehnologie: 'Business',
      Auto: 'Auto, Moto, Biciclete',
      Meditatii: 'Meditații & Cursuri',
    };
    for (const [tile, category] of Object.entries(expected)) {
      const res = await publish({ ...specForm, category: tile });
      expect(res.statusCode, `${tile}: ${res.body}`).toBe(201);
      expect((res.json() as Api).category, tile).toBe(category);
    }
    const sport = await published({ ...specForm, title: 'Antrenor personal de fitness', category: 'Sport' });
    expect(await listed(`category=${encodeURIComponent('Sport')}`)).toContain(sport._id);
  });
});

describe('location alone (item 17)', () => {
  it('resolves a town or commune to its county and locality, any case, with or without diacritics', async () => {
    const a = await published({ ...specForm, location: 'pitesti' });
    expect([a.location, a.localitate]).toEqual(['Argeș', 'Pitești']);
    const b = await published({ ...specForm, location: 'Cluj-Napoca, Cluj' });
    expect([b.location, b.localitate]).toEqual(['Cluj', 'Cluj-Napoca']);
    const c = await published({ ...specForm, location: 'bistrita nasaud' });
    expect([c.location, c.localitate]).toEqual(['Bistrița-Năsăud', '']);
    const d = await published({ ...specForm, location: 'Toata tara' });
    expect([d.location, d.localitate]).toEqual(['Toată țara', '']);
    // Found in three counties, one of them a town: the town (Ialomița's county seat).
    const e = await published({ ...specForm, location: 'Slobozia' });
    expect([e.location, e.localitate]).toEqual(['Ialomița', 'Slobozia']);
  });

  it('answers a name of communes in several counties with the counties to choose from', async () => {
    const res = await publish({ ...specForm, location: 'Florești' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Localitatea „Florești” există în mai multe județe (Cluj, Mehedinți, Prahova): alege și județul.',
    );
    const unknown = await publish({ ...specForm, location: 'Atlantida' });
    expect(unknown.json().errors.location).toBe('Trebuie să selectezi o locație');
  });
});

describe('an edit erases nothing it was not sent (item 18)', () => {
  it('keeps the locality, price and every other field a PUT leaves out', async () => {
    const a = await published(validForm);
    expect([a.location, a.localitate, a.price]).toEqual(['Cluj', 'Cluj-Napoca', 150]);

    const titleOnly = await update(a._id, { title: 'Ședință foto de familie, în parc' });
    expect(titleOnly.statusCode, titleOnly.body).toBe(200);
    expect(titleOnly.json()).toMatchObject({
      title: 'Ședință foto de familie, în parc',
      category: 'Fotografie',
      location: 'Cluj',
      localitate: 'Cluj-Napoca',
      price: 150,
      contactPhone: '0712345678',
    });

    // The spec's payload: every field but localitate (and no price).
    const spec = await update(a._id, specForm);
    expect(spec.json()).toMatchObject({ location: 'Cluj', localitate: 'Cluj-Napoca', price: 150 });

    // A new county without a locality: the old locality is not in it.
    const moved = await update(a._id, { location: 'Argeș' });
    expect(moved.json()).toMatchObject({ location: 'Argeș', localitate: '' });
    const town = await update(a._id, { location: 'Mioveni' });
    expect(town.json()).toMatchObject({ location: 'Argeș', localitate: 'Mioveni' });

    // Sent empty on purpose: cleared.
    const cleared = await update(a._id, { localitate: '', price: '' });
    expect(cleared.json()).toMatchObject({ location: 'Argeș', localitate: '', price: null });
  });

  it('PUT /api/users/profile keeps the fields it is not sent', async () => {
    const put = (payload: Record<string, string>) =>
      app.inject({ method: 'PUT', url: '/api/users/profile', headers: bearer(owner.token), payload });
    const full = await put({
      firstName: 'Ana',
      lastName: 'Pop',
      localitate: 'Cluj-Napoca',
      phone: '0712345678',
    });
    expect(full.statusCode, full.body).toBe(200);
    const phoneOnly = await put({ phone: '0799999999' });
    expect(phoneOnly.statusCode, phoneOnly.body).toBe(200);
    expect(phoneOnly.json()).toMatchObject({
      firstName: 'Ana',
      lastName: 'Pop',
      localitate: 'Cluj-Napoca',
      phone: '0799999999',
    });
    const cleared = await put({ localitate: '' });
    expect(cleared.json()).toMatchObject({ localitate: '', phone: '0799999999' });
  });
});
