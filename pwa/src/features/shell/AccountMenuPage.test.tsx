// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session-store.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { AccountMenuPage } from './AccountMenuPage.tsx';

/**
 * Issue 45, item 4: a moderator finds the console from the account menus ('Moderare' → /moderare), as the
 * server's own-profile answer says; everyone else sees the spec's entries only. Only `fetch` is faked.
 */
vi.hoisted(() => {
  localStorage.setItem('token', 't');
  localStorage.setItem('userId', 'u1');
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
/** The session as the server describes it: signed in, a moderator or not. */
async function signedInAs(moderator: boolean) {
  fetchMock.mockImplementation(async (path) => {
    if (String(path) === '/api/users/auth/check')
      return json({ isAuthenticated: true, avatar: null, googleAvatar: null });
    return json({ _id: 'u1', firstName: 'Ioana', lastName: 'Pop', avatar: null, moderator });
  });
  await act(() => session.refresh(true));
}

async function show(node: () => ReactNode) {
  const root = createRootRoute({ component: node });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(async () => render(<RouterProvider router={router} />));
}
const labels = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((a) => a.textContent);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/cont (the phone’s account menu)', () => {
  it('lists ‘Moderare’, a link to /moderare, for a moderator', async () => {
    await signedInAs(true);
    await show(() => <AccountMenuPage />);
    const link = await screen.findByRole('link', { name: 'Moderare' });
    expect(link.getAttribute('href')).toBe('/moderare');
  });

  it('has no ‘Moderare’ for anyone else', async () => {
    await signedInAs(false);
    await show(() => <AccountMenuPage />);
    await screen.findByRole('link', { name: 'Setări' });
    expect(screen.queryByRole('link', { name: 'Moderare' })).toBeNull();
  });
});

describe('the account dropdown', () => {
  it('ends its links with ‘Moderare’ for a moderator, before ‘Deconectează-te’', async () => {
    await signedInAs(true);
    await show(() => <AccountLinks id="m" onPick={() => undefined} />);
    const list = await screen.findByRole('list');
    expect(labels(list)).toEqual(['Setări', 'Anunțurile mele', 'Profil', 'Plăți', 'Moderare']);
    expect(within(list).getByRole('link', { name: 'Moderare' }).getAttribute('href')).toBe('/moderare');
    expect(within(list).getByRole('button', { name: 'Deconectează-te' })).toBeTruthy();
  });

  it('keeps the spec’s four links for anyone else', async () => {
    await signedInAs(false);
    await show(() => <AccountLinks id="m" onPick={() => undefined} />);
    expect(labels(await screen.findByRole('list'))).toEqual(['Setări', 'Anunțurile mele', 'Profil', 'Plăți']);
  });
});
