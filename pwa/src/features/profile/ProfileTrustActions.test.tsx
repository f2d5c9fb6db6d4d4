// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../session/session-store.ts';
import { ProfileTrustActions } from './ProfileTrustActions.tsx';

/**
 * Issue 45, item 8: 'Raportează' on a public profile for a guest too, as on an announcement: the dialog asks
 * them to sign in and the link brings them back to this profile with `?do=report`, where the dialog opens.
 * Only `fetch` is faked (the session's answers, the block relation).
 */
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

async function asGuest() {
  fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
  await act(() => session.logout());
}
async function asUser(id: string) {
  localStorage.setItem('token', 't');
  localStorage.setItem('userId', id);
  fetchMock.mockImplementation(async (path) => {
    const url = String(path);
    if (url === '/api/users/auth/check')
      return json({ isAuthenticated: true, avatar: null, googleAvatar: null });
    if (url === '/api/users/profile')
      return json({ _id: id, firstName: 'Ion', lastName: 'Pop', avatar: null });
    return json({ deleted: false, blockedByMe: false, blockedMe: false });
  });
  await act(() => session.refresh(true));
}

async function show(viewerId: string | null, startReport = false) {
  window.history.replaceState(null, '', '/profil/u2');
  const root = createRootRoute({
    component: () => (
      <ProfileTrustActions userId="u2" name="Ana Ionescu" viewerId={viewerId} startReport={startReport} />
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(async () => render(<RouterProvider router={router} />));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfileTrustActions (a guest)', () => {
  it('offers ‘Raportează’, which asks to sign in and comes back to this profile to report', async () => {
    await asGuest();
    await show(null);
    expect(screen.queryByRole('button', { name: 'Blochează' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Raportează' }));
    const dialog = screen.getByRole('dialog', { name: 'Raportează utilizatorul' });
    expect(
      within(dialog).getByText(
        'Ca să raportezi pe cineva, intră în cont: echipa Hobbiz îți va spune ce a decis.',
      ),
    ).toBeTruthy();
    const href = new URL(
      within(dialog).getByRole('link', { name: 'Autentifică-te' }).getAttribute('href') ?? '',
      'http://localhost',
    );
    expect(href.pathname).toBe('/login');
    expect(href.searchParams.get('redirect')).toBe('/profil/u2?do=report');
  });

  it('does not open the dialog by itself for a guest, even with ?do=report', async () => {
    await asGuest();
    await show(null, true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ProfileTrustActions (signed in)', () => {
  it('back from signing in (?do=report), opens the report form for this person', async () => {
    await asUser('u1');
    await show('u1', true);
    const dialog = await screen.findByRole('dialog', { name: 'Raportează utilizatorul' });
    expect(within(dialog).getByRole('button', { name: 'Trimite raportarea' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Blochează' })).toBeTruthy();
  });

  it('shows nothing on one’s own profile', async () => {
    await asUser('u2');
    await show('u2', true);
    expect(screen.queryByRole('button', { name: 'Raportează' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
