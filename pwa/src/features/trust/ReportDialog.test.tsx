// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES, REPORT_REASONS } from '../../../../schema/rules/reports.ts';
import { deviceOutbox } from '../../db/device-outbox.ts';
import type { QueuedReport } from '../../db/report-outbox.ts';
import { session } from '../session/session-store.ts';
import { ReportDialog } from './ReportDialog.tsx';

/**
 * 'Raportează' as a person uses it: choose a reason, add details, send; offline it waits on the device
 * (the real report outbox on fake-indexeddb); a refusal keeps what was typed. Only `fetch` is faked.
 */
vi.hoisted(() => {
  // Signed in before the session store reads the storage.
  localStorage.setItem('token', 't');
  localStorage.setItem('userId', 'u1');
  localStorage.setItem('hobbiz_profile', JSON.stringify({ _id: 'u1', firstName: 'Ion' }));
});

const fetchMock = vi.fn<typeof fetch>();
const queue = deviceOutbox<QueuedReport>('reports');
beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await queue.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(
  target: Parameters<typeof ReportDialog>[0]['target'] = { messageId: 'm1' },
  title = 'Trimite avans',
) {
  const onClose = vi.fn();
  render(<ReportDialog target={target} title={title} onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  return {
    onClose,
    dialog,
    details: within(dialog).getByRole('textbox', { name: 'Detalii (opțional)' }) as HTMLTextAreaElement,
    submit: within(dialog).getByRole('button', { name: 'Trimite raportarea' }) as HTMLButtonElement,
  };
}
const posted = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));

describe('ReportDialog (signed in)', () => {
  it('names what is reported and says the other side will not know who reported', () => {
    open({ messageId: 'm1' }, 'Trimite avans');
    expect(screen.getByRole('dialog', { name: 'Raportează mesajul' })).toBeTruthy();
    expect(screen.getByText('„Trimite avans”')).toBeTruthy();
    expect(
      screen.getByText(
        'Raportarea ajunge la echipa de moderare Hobbiz. Cel care a trimis mesajul nu află cine l-a raportat.',
      ),
    ).toBeTruthy();
    cleanup();
    open({ announcementId: 'a1' }, 'Bicicletă');
    expect(screen.getByRole('dialog', { name: 'Raportează anunțul' })).toBeTruthy();
    cleanup();
    open({ userId: 'u2' }, 'Ana');
    expect(screen.getByRole('dialog', { name: 'Raportează utilizatorul' })).toBeTruthy();
    expect(screen.getByText(/Persoana raportată nu află cine a raportat-o\./)).toBeTruthy();
  });

  it('offers the five reasons, the first chosen', () => {
    const d = open();
    const radios = within(d.dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual([...REPORT_REASONS]);
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual(['Fraudă sau înșelăciune']);
  });

  it('sends the chosen reason and the trimmed details, then shows the server’s thanks', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: REPORT_MESSAGES.sent }), { status: 201 }),
    );
    const d = open({ messageId: 'm1' });
    fireEvent.click(within(d.dialog).getByRole('radio', { name: 'Altceva' }));
    fireEvent.change(d.details, { target: { value: '  Cere datele cardului.  ' } });
    await act(async () => fireEvent.click(d.submit));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reports');
    expect(posted()).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      messageId: 'm1',
      reason: 'Altceva',
      details: 'Cere datele cardului.',
    });
    expect(screen.getByRole('status').textContent).toBe('Mulțumim! Am primit raportarea și o vom verifica.');
    fireEvent.click(screen.getByRole('button', { name: 'Închide' }));
    expect(d.onClose).toHaveBeenCalled();
  });

  it('offline, keeps the report on the device and says it goes when back online', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const d = open({ announcementId: 'a1' });
    fireEvent.change(d.details, { target: { value: 'Poze furate' } });
    await act(async () => fireEvent.click(d.submit));
    // Said once the report is safely on the device.
    expect((await screen.findByRole('status')).textContent).toBe(
      'Ești offline: raportarea va fi trimisă când revii online.',
    );
    const [kept] = await queue.list();
    expect(kept).toMatchObject({
      userId: 'u1',
      target: { announcementId: 'a1' },
      reason: 'Fraudă sau înșelăciune',
      details: 'Poze furate',
      id: posted().id,
    });
  });

  it('shows a refusal and keeps what was typed, to send again', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: REPORT_MESSAGES.already }), { status: 409 }),
    );
    const d = open();
    fireEvent.change(d.details, { target: { value: 'Din nou' } });
    await act(async () => fireEvent.click(d.submit));
    expect(screen.getByRole('alert').textContent).toBe('Ai raportat deja acest lucru. Îl verificăm.');
    expect(d.details.value).toBe('Din nou');
    expect(d.submit.disabled).toBe(false);
    expect(await queue.list()).toEqual([]);
  });

  it('cannot be sent twice while the first is on its way', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    const d = open();
    await act(async () => fireEvent.click(d.submit));
    expect(d.submit.disabled).toBe(true);
    await act(async () => answer(new Response(JSON.stringify({ message: REPORT_MESSAGES.sent }))));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('‘Anulează’ and Escape close it without sending', () => {
    const d = open();
    fireEvent.click(within(d.dialog).getByRole('button', { name: 'Anulează' }));
    fireEvent(d.dialog, new Event('cancel', { cancelable: true }));
    expect(d.onClose).toHaveBeenCalledTimes(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('ReportDialog (a guest)', () => {
  it('asks to sign in first, coming back to the report afterwards', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await act(() => session.logout());
    window.history.replaceState(null, '', '/announcement/a1');
    const onClose = vi.fn();
    const root = createRootRoute({
      component: () => <ReportDialog target={{ messageId: 'm1' }} title="Salut" onClose={onClose} />,
    });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
    await act(async () => render(<RouterProvider router={router} />));
    expect(
      await screen.findByText(
        'Ca să raportezi un mesaj, intră în cont: echipa Hobbiz îți va spune ce a decis.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Trimite raportarea' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Autentifică-te' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/login');
    expect(href.searchParams.get('redirect')).toBe('/announcement/a1?do=report');
    fireEvent.click(screen.getByRole('button', { name: 'Anulează' }));
    expect(onClose).toHaveBeenCalled();
  });
});
