// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InactiveNotice } from './InactiveNotice.tsx';

/**
 * Issue 45, item 5: the owner of an announcement moderation hid reads so on its page, with the reason, as
 * 'Anunțurile mele' says it — not 'Anunțul este dezactivat', which is what turning it off oneself says.
 * Only `fetch` is faked (the server's list of the owner's hidden announcements).
 */
const fetchMock = vi.fn<typeof fetch>();
const HIDDEN = '/api/users/my-announcements/hidden';
const PLAIN = 'Anunțul este dezactivat: doar tu îl vezi.';

async function show(id: string, owner: boolean) {
  const root = createRootRoute({ component: () => <InactiveNotice id={id} owner={owner} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(async () => render(<RouterProvider router={router} />));
}
const hiddenList = (list: { id: string; reason: string }[]) =>
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(list), { status: 200 }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('InactiveNotice', () => {
  it('tells the owner moderation hid it, why, and where to ask for another look', async () => {
    hiddenList([{ id: 'a1', reason: 'Anunț înșelător' }]);
    await show('a1', true);
    expect(await screen.findByText('Ascuns de moderare. Motiv: Anunț înșelător')).toBeTruthy();
    expect(screen.queryByText(PLAIN)).toBeNull();
    expect(screen.getByText(/Doar tu îl vezi\. Poți cere o nouă verificare din/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Anunțurile mele' }).getAttribute('href')).toBe(
      '/anunturile-mele',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(HIDDEN);
  });

  it('says ‘dezactivat’ for one the owner turned off (moderation hid another)', async () => {
    hiddenList([{ id: 'a2', reason: 'Spam' }]);
    await show('a1', true);
    await act(async () => undefined);
    expect(screen.getByText(PLAIN)).toBeTruthy();
    expect(screen.queryByText(/Ascuns de moderare/)).toBeNull();
  });

  it('offline, keeps the plain line', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await show('a1', true);
    await act(async () => undefined);
    expect(screen.getByText(PLAIN)).toBeTruthy();
  });

  it('asks the server nothing for someone who is not the owner', async () => {
    hiddenList([{ id: 'a1', reason: 'Spam' }]);
    await show('a1', false);
    await act(async () => undefined);
    expect(screen.getByText(PLAIN)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
