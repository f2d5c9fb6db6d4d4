// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TIMINGS } from '../../../../schema/constants.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { DRAFT_ID } from '../../../../schema/entities.ts';
import { openDatabase } from '../../db/database.ts';
import { publishOutbox } from '../../db/device-outbox.ts';
import { EMPTY_DRAFT } from '../../db/draft.ts';
import { setCurrentDatabase } from '../../db/registry.ts';
import type { SyncClient } from '../../db/sync-client.ts';
import { setSyncClient } from '../../db/sync-status.ts';
import type { HobbizDatabase } from '../../db/types.ts';
import { session } from '../session/session-store.ts';
import { AnnouncementForm } from './AnnouncementForm.tsx';

// A loaded machine (parallel test files) may need more than the default second.

/**
 * The add / edit form as a seller uses it: labels and buttons in Romanian, the real session (signed in
 * through a stubbed server), the real draft (RxDB on fake IndexedDB) and outbox. Edges stubbed: fetch.
 */
const USER = '6a00000000000000000000a1';
/** A draft left from an earlier visit: everything but the title and the category. */
const DRAFT = {
  ...EMPTY_DRAFT,
  description: 'Cozonac pufos cu multă umplutură de nucă și cacao, copt acasă.',
  location: 'Cluj',
  localitate: 'Cluj-Napoca',
  contactPerson: 'Ana Pop',
  contactPhone: '0722123456',
  price: '60',
};

type Reply = { status: number; body?: unknown } | 'offline';
let replies: Reply[];
let requests: { method: string; url: string; body?: FormData }[];
let db: HobbizDatabase;

function serverStub() {
  return vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ method, url, body: init.body as FormData });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (url === '/api/users/login') return json(200, { token: 'tok-ana', userId: USER });
    if (url === '/api/users/auth/check') return json(200, { isAuthenticated: true });
    if (url === '/api/users/profile') return json(200, { _id: USER, firstName: 'Ana', avatar: null });
    const next = replies.shift() ?? { status: 201 };
    if (next === 'offline') throw new TypeError('Failed to fetch');
    const id = (init.body as FormData | undefined)?.get('id') ?? url.split('/').pop();
    return json(next.status, next.body ?? { _id: id });
  });
}

/**
 * The redirect delays the form asked for; they are run soon (the timer edge, not the form, is changed):
 * after 30 ms rather than 0, so that React has committed the success message the tests read before the
 * page changes (at 0 the timer could run before the render on a loaded machine; seen once in CI).
 */
let redirects: number[];
const REDIRECTS: number[] = [TIMINGS.publishRedirectMs, TIMINGS.editPageRedirectMs];

beforeEach(async () => {
  redirects = [];
  const realSetTimeout = window.setTimeout.bind(window);
  vi.spyOn(window, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
    if (ms !== undefined && REDIRECTS.includes(ms)) {
      redirects.push(ms);
      return realSetTimeout(fn, 30);
    }
    return realSetTimeout(fn, ms);
  }) as typeof window.setTimeout);
  replies = [];
  requests = [];
  vi.stubGlobal('fetch', serverStub());
  await publishOutbox.clear();
  db = await openDatabase(USER, ['drafts'], getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }));
  setCurrentDatabase(db);
});
afterEach(async () => {
  cleanup();
  setSyncClient(null);
  setCurrentDatabase(null);
  await db.close();
  await session.logout();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const signIn = () => act(() => session.login('ana@example.ro', 'parola-buna'));
const storeDraft = (fields: Partial<typeof DRAFT>) =>
  db.drafts.upsert({ id: DRAFT_ID, ...DRAFT, ...fields, updatedAt: new Date().toISOString() });
const storedDraft = async () => (await db.drafts.findOne(DRAFT_ID).exec())?.toJSON();
const publishes = () =>
  requests.filter((r) => r.method === 'POST' && r.url === '/api/users/my-announcements');
const link = (value: 'online' | 'offline') =>
  setSyncClient({ status$: new BehaviorSubject(value) } as unknown as SyncClient);

/** The form under a memory router, with the pages it leads to. */
async function renderForm(mode: 'publish' | 'update' = 'publish', initial?: AnnouncementDoc) {
  const rootRoute = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/',
      component: () => <AnnouncementForm mode={mode} initial={initial} />,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/anunturile-mele',
      component: () => <p>Pagina mea</p>,
    }),
    createRoute({
      getParentRoute: () => rootRoute,
      path: '/announcement/$id',
      component: () => <p>Anunțul</p>,
    }),
  ];
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await act(() => router.load());
  const { container } = render(<RouterProvider router={router} />);
  // The form is disabled (aria-busy) until the saved draft is in place.
  await waitFor(() => expect(container.querySelector('form')?.getAttribute('aria-busy')).toBe('false'));
  return router;
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const publishButton = () => screen.getByRole('button', { name: 'Publică un anunț' });

describe('AnnouncementForm: publish', () => {
  it('an empty submit shows every message in Romanian, marks the fields and sends nothing', async () => {
    await signIn();
    await renderForm();
    fireEvent.click(publishButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Te rugăm să corectezi erorile de mai sus înainte de a publica anunțul');
    const title = screen.getByRole('textbox', { name: 'Titlu' });
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Titlul trebuie să aibă cel puțin 16 caractere',
    );
    expect(screen.getByText('Trebuie să selectezi o categorie')).toBeTruthy();
    expect(screen.getByText('Descrierea trebuie să aibă cel puțin 40 de caractere')).toBeTruthy();
    expect(screen.getByText('Trebuie să selectezi o locație')).toBeTruthy();
    expect(screen.getByText('Numele persoanei de contact este obligatoriu')).toBeTruthy();
    expect(screen.getByText('Trebuie să completezi cel puțin email-ul sau telefonul')).toBeTruthy();
    expect(publishes()).toEqual([]);
    // The message follows the typing once shown.
    type('Titlu', 'Cozonac cu nucă și cacao');
    expect(screen.queryByText('Titlul trebuie să aibă cel puțin 16 caractere')).toBeNull();
  });

  it('counts the title as the rule does (trimmed)', async () => {
    await renderForm();
    type('Titlu', '  Cozonac  ');
    expect(screen.getByText('7/70')).toBeTruthy();
  });

  it('a guest with a complete form is told to sign in; nothing is sent or queued', async () => {
    await storeDraft({ title: 'Cozonac cu nucă și cacao', category: 'Prăjituri, Băcănie, Gătit' });
    await renderForm();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Titlu' }).value).toBe(
      'Cozonac cu nucă și cacao',
    );
    fireEvent.click(publishButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Trebuie să fii autentificat pentru a publica un anunț!',
    );
    expect(publishes()).toEqual([]);
    expect(await publishOutbox.list()).toEqual([]);
  });

  it('online: publishes the restored draft plus what was typed, says so, forgets the draft, then opens “Anunțurile mele”', async () => {
    await signIn();
    link('online');
    await storeDraft({});
    const router = await renderForm();
    type('Titlu', 'Cozonac cu nucă și cacao');
    fireEvent.click(screen.getByRole('radio', { name: 'Prăjituri, Băcănie, Gătit' }));
    fireEvent.click(publishButton());
    expect(await screen.findByText('Anunțul a fost publicat cu succes!')).toBeTruthy();
    const [post] = publishes();
    expect(post?.body?.get('title')).toBe('Cozonac cu nucă și cacao');
    expect(post?.body?.get('category')).toBe('Prăjituri, Băcănie, Gătit');
    expect(post?.body?.get('location')).toBe('Cluj');
    expect(post?.body?.get('id')).toMatch(/^[0-9a-f]{24}$/);
    await waitFor(async () => expect(await storedDraft()).toBeUndefined());
    await waitFor(() => expect(router.state.location.pathname).toBe('/anunturile-mele'));
    expect(redirects).toEqual([TIMINGS.publishRedirectMs]);
  });

  it('offline: queues it on the device under the form’s id and says it goes when the connection is back', async () => {
    await signIn();
    link('offline');
    await storeDraft({ title: 'Cozonac cu nucă și cacao', category: 'Prăjituri, Băcănie, Gătit' });
    await renderForm();
    replies = ['offline', 'offline'];
    fireEvent.click(publishButton());
    expect(
      await screen.findByText(
        'Nu ești conectat la internet. Anunțul a fost salvat pe dispozitiv și va fi publicat automat când revine conexiunea.',
      ),
    ).toBeTruthy();
    const [queued] = await publishOutbox.list();
    expect(queued).toMatchObject({ userId: USER, error: null });
    expect(queued?.fields.title).toBe('Cozonac cu nucă și cacao');
    // Not sent from the form; the outbox's own try (no network either) carried the same id.
    expect(publishes().map((p) => p.body?.get('id'))).toEqual(publishes().map(() => queued?.id));
    await waitFor(async () => expect(await storedDraft()).toBeUndefined());
  });

  it('a refusal keeps the form; the second click is the same publish (same id) and succeeds', async () => {
    await signIn();
    link('online');
    await storeDraft({ title: 'Cozonac cu nucă și cacao', category: 'Prăjituri, Băcănie, Gătit' });
    await renderForm();
    replies = [{ status: 503, body: { error: 'Serverul este ocupat. Încearcă din nou.' } }];
    fireEvent.click(publishButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Serverul este ocupat. Încearcă din nou.');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Titlu' }).value).toBe(
      'Cozonac cu nucă și cacao',
    );
    expect((await storedDraft())?.title).toBe('Cozonac cu nucă și cacao');
    fireEvent.click(publishButton());
    expect(await screen.findByText('Anunțul a fost publicat cu succes!')).toBeTruthy();
    const ids = publishes().map((p) => p.body?.get('id'));
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('while publishing, the button says so and a second click sends nothing more', async () => {
    await signIn();
    link('online');
    await storeDraft({ title: 'Cozonac cu nucă și cacao', category: 'Prăjituri, Băcănie, Gătit' });
    await renderForm();
    let answer!: () => void;
    const server = serverStub();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) =>
        init.method === 'POST' && url === '/api/users/my-announcements'
          ? new Promise<Response>((resolve) => {
              requests.push({ method: 'POST', url, body: init.body as FormData });
              answer = () => resolve(new Response(JSON.stringify({ _id: 'x' }), { status: 201 }));
            })
          : server(url, init),
      ),
    );
    fireEvent.click(publishButton());
    const busy = await screen.findByRole('button', { name: 'Se publică...' });
    expect(busy).toHaveProperty('disabled', true);
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form')!);
    await waitFor(() => expect(publishes()).toHaveLength(1));
    await act(async () => answer());
    expect(await screen.findByText('Anunțul a fost publicat cu succes!')).toBeTruthy();
    expect(publishes()).toHaveLength(1);
  });
});

describe('AnnouncementForm: update', () => {
  const doc: AnnouncementDoc = {
    id: '6a00000000000000000000b2',
    ownerId: USER,
    title: 'Cozonac cu nucă și cacao',
    category: 'Prăjituri, Băcănie, Gătit',
    description: DRAFT.description,
    location: 'Cluj',
    localitate: 'Cluj-Napoca',
    contactPerson: 'Ana Pop',
    contactEmail: '',
    contactPhone: '0722123456',
    images: ['/uploads/a.jpg'],
    price: 60,
    favoritesCount: 0,
    views: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    active: true,
  };

  it('starts from the announcement, saves the changes with PUT and opens it again', async () => {
    await signIn();
    const router = await renderForm('update', doc);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Preț (lei, opțional)' }).value).toBe('60');
    expect(within(screen.getByRole('list', { name: 'Imagini' })).getAllByRole('img')).toHaveLength(1);
    type('Preț (lei, opțional)', '75');
    fireEvent.click(screen.getByRole('button', { name: 'Actualizează anunțul' }));
    expect(await screen.findByText('Anunțul a fost actualizat cu succes!')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe(`/api/users/my-announcements/${doc.id}`);
    expect(put?.body?.get('price')).toBe('75');
    expect(JSON.parse(String(put?.body?.get('existingImages')))).toEqual(['/uploads/a.jpg']);
    // An edit never touches the draft of a new announcement.
    expect(await storedDraft()).toBeUndefined();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/announcement/${doc.id}`));
    expect(router.state.location.search).toEqual({ updated: 1 });
    expect(redirects).toEqual([TIMINGS.editPageRedirectMs]);
  });

  it('offline, the changes stay in the form with the spec’s message', async () => {
    await signIn();
    await renderForm('update', doc);
    replies = ['offline'];
    fireEvent.click(screen.getByRole('button', { name: 'Actualizează anunțul' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Nu ești conectat la internet. Modificările rămân în formular; încearcă din nou când revine conexiunea.',
    );
    expect(screen.getByRole('button', { name: 'Actualizează anunțul' })).toHaveProperty('disabled', false);
  });
});
