// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_MESSAGES } from '../../../../schema/rules/reports.ts';
import { OFFLINE_MESSAGE } from '../../api/client.ts';
import { BlockButton } from './BlockButton.tsx';

/**
 * 'Blochează' / 'Deblochează' with the real relation module (db/relations.ts); only the server is faked.
 * Each test uses its own person: the module remembers relations for the page's life.
 */
type Relation = { deleted: boolean; blockedByMe: boolean; blockedMe: boolean };
const NONE: Relation = { deleted: false, blockedByMe: false, blockedMe: false };
const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The server: the relation it knows, and its answer to a block or an unblock. */
function server(relation: Relation | 'offline', write: () => Promise<Response> = async () => json({})) {
  fetchMock.mockImplementation(async (path) => {
    if (relation === 'offline') throw new TypeError('Failed to fetch');
    if (String(path).startsWith('/api/users/relation/')) return json(relation);
    return write();
  });
}
const writes = () =>
  fetchMock.mock.calls
    .filter(([path]) => !String(path).startsWith('/api/users/relation/'))
    .map(([path, init]) => ({ path, method: init?.method, body: init?.body }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('BlockButton', () => {
  it('asks before blocking, saying what it does, and cancelling changes nothing', async () => {
    server(NONE);
    render(<BlockButton userId="u-ask" name="Ana" />);
    fireEvent.click(screen.getByRole('button', { name: 'Blochează' }));
    expect(
      screen.getByText('Blochezi pe Ana? Nu îți va mai putea scrie și nu vei mai primi notificări de la el.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anulează' }));
    expect(screen.getByRole('button', { name: 'Blochează' })).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('blocks after ‘Da, blochează’, says so, offers to unblock, and remembers it for offline', async () => {
    server(NONE, async () => json({ message: BLOCK_MESSAGES.blocked }));
    render(<BlockButton userId="u-block" name="Ana" />);
    fireEvent.click(screen.getByRole('button', { name: 'Blochează' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Da, blochează' })));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Utilizatorul a fost blocat. Nu îți mai poate scrie.',
    );
    expect(screen.getByRole('button', { name: 'Deblochează' })).toBeTruthy();
    expect(writes()).toEqual([{ path: '/api/users/blocked', method: 'POST', body: '{"userId":"u-block"}' }]);
    expect(JSON.parse(localStorage.getItem('hobbiz:relation:u-block') ?? '{}')).toMatchObject({
      blockedByMe: true,
    });
  });

  it('unblocks without asking', async () => {
    server({ ...NONE, blockedByMe: true }, async () => json({ message: BLOCK_MESSAGES.unblocked }));
    render(<BlockButton userId="u-unblock" name="Ana" />);
    const unblock = await screen.findByRole('button', { name: 'Deblochează' });
    await act(async () => fireEvent.click(unblock));
    expect((await screen.findByRole('status')).textContent).toBe('Utilizatorul a fost deblocat.');
    expect(writes()).toEqual([{ path: '/api/users/blocked/u-unblock', method: 'DELETE', body: undefined }]);
    expect(screen.getByRole('button', { name: 'Blochează' })).toBeTruthy();
    expect(localStorage.getItem('hobbiz:relation:u-unblock')).toBeNull();
  });

  it('offline, says so and leaves the person unblocked', async () => {
    server(NONE);
    render(<BlockButton userId="u-offline" name="Ana" />);
    server('offline');
    fireEvent.click(screen.getByRole('button', { name: 'Blochează' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Da, blochează' })));
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_MESSAGE);
    expect(screen.getByRole('button', { name: 'Blochează' })).toBeTruthy();
  });

  it('a server failure without a message gets the Romanian fallback', async () => {
    server(NONE, async () => new Response('', { status: 500 }));
    render(<BlockButton userId="u-500" name="Ana" />);
    fireEvent.click(screen.getByRole('button', { name: 'Blochează' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Da, blochează' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Nu am putut bloca utilizatorul. Încearcă din nou.',
    );
  });

  it('opened offline, shows the last known block', async () => {
    localStorage.setItem('hobbiz:relation:u-known', JSON.stringify({ ...NONE, blockedByMe: true }));
    server('offline');
    render(<BlockButton userId="u-known" name="Ana" />);
    expect(screen.getByRole('button', { name: 'Deblochează' })).toBeTruthy();
  });

  it('shows nothing for a deleted account', async () => {
    server({ ...NONE, deleted: true });
    const { container } = render(<BlockButton userId="u-deleted" name="Ana" />);
    await vi.waitFor(() => expect(container.innerHTML).toBe(''));
  });
});
