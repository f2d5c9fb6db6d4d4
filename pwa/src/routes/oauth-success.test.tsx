// @vitest-environment happy-dom
import { createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../schema/constants.ts';
import { rememberReturn } from '../features/auth/after-login.ts';
import { session } from '../features/session/session-store.ts';
import { Route as OAuthSuccess } from './oauth-success.tsx';

/**
 * The social sign-in callback in a small router of its own (the real route's component; the pages it
 * leads to are stand-ins). The browser's address is happy-dom's; the server is fetch.
 */
function app() {
  const root = createRootRoute({ component: Outlet });
  const page = (path: string, text: string) =>
    createRoute({ getParentRoute: () => root, path, component: () => <h1>{text}</h1> });
  const callback = createRoute({
    getParentRoute: () => root,
    path: '/oauth-success',
    component: OAuthSuccess.options.component,
  });
  const tree = root.addChildren([
    callback,
    page('/', 'Acasă'),
    page('/login', 'Autentificare'),
    page('/announcement/$id', 'Anunț'),
  ]);
  return createRouter({ routeTree: tree });
}

const PROFILE = { _id: 'u1', firstName: 'Ana', lastName: 'Pop', email: 'ana@hobbiz.test', avatar: '' };
let auth: (string | null)[];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  auth = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === '/api/users/auth/check') {
        auth.push(new Headers(init.headers).get('Authorization'));
        return new Response(JSON.stringify({ isAuthenticated: true, avatar: null, googleAvatar: null }));
      }
      if (path === '/api/users/profile') return new Response(JSON.stringify(PROFILE));
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(async () => {
  cleanup();
  await session.logout();
  vi.unstubAllGlobals();
});

async function visit(url: string) {
  history.replaceState(null, '', url);
  const router = app();
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return router;
}

describe('/oauth-success', () => {
  it('keeps the token from the fragment, signs in and returns to the page that sent the guest', async () => {
    rememberReturn('/announcement/65a1b2c3d4e5f6a7b8c9d0e1?do=chat');
    await visit('/oauth-success#token=tok-g');
    await screen.findByRole('heading', { name: 'Anunț' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-g');
    expect(auth).toEqual(['Bearer tok-g']);
    expect(session.get()).toMatchObject({ status: 'user', userId: 'u1' });
    expect(location.pathname + location.search).toBe('/announcement/65a1b2c3d4e5f6a7b8c9d0e1?do=chat');
  });

  it("reads the spec's query form too, as text (a token like 12e4 is not a number), and lands home", async () => {
    await visit('/oauth-success?token=12e4');
    await screen.findByRole('heading', { name: 'Acasă' });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('12e4');
    // replace: the address with the token does not stay in the history.
    expect(location.href).not.toContain('token');
  });

  it('without a token goes back to /login, signed out', async () => {
    const router = await visit('/oauth-success');
    await screen.findByRole('heading', { name: 'Autentificare' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(auth).toEqual([]);
  });

  it('shows that it is working meanwhile', async () => {
    let answer: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) =>
        path === '/api/users/auth/check'
          ? new Promise<Response>((r) => {
              answer = () => r(new Response(JSON.stringify({ isAuthenticated: false })));
            })
          : Promise.resolve(new Response('{}')),
      ),
    );
    await visit('/oauth-success#token=t');
    expect(screen.getByRole('status').textContent).toBe('Se încarcă...');
    await act(async () => answer());
    // The server did not take the token: a guest, flagged so the shell sends them to /login, which says why.
    await screen.findByRole('heading', { name: 'Acasă' });
    expect(session.get()).toMatchObject({ status: 'guest', expired: true });
  });
});
