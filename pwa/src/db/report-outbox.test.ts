import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REPORT_MESSAGES } from '../../../schema/rules/reports.ts';
import type { QueuedReport } from './report-outbox.ts';

/**
 * Reports (issue 24): sent at once when the server answers, kept on the device (IndexedDB) when it does
 * not, and sent with the same id when the sync link is back. Only `fetch` is faked.
 */
const fetchMock = vi.fn<typeof fetch>();
const notify = vi.fn();
let userId: string | null = 'u1';
const session = { get: () => ({ userId, status: userId ? ('user' as const) : ('guest' as const) }) };

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
  fetchMock.mockReset();
  notify.mockReset();
  userId = 'u1';
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function load() {
  const reports = await import('./report-outbox.ts');
  const { drainAll } = await import('./outbox-drain.ts');
  const { deviceOutbox } = await import('./device-outbox.ts');
  reports.startReportOutbox({ session, notify });
  // The same IndexedDB store the module keeps its queue in.
  const queue = deviceOutbox<QueuedReport>('reports');
  return { ...reports, drainAll, queue };
}

const ok = (message = REPORT_MESSAGES.sent) => new Response(JSON.stringify({ message }), { status: 201 });
const refusal = (status: number, error: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error }), { status, headers });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const body = (call: number) =>
  JSON.parse(String(((fetchMock.mock.calls[call]?.[1] ?? {}) as RequestInit).body));

const input = { target: { messageId: 'm1' }, reason: 'Fraudă sau înșelăciune', details: 'Cere avans.' };

describe('submitReport', () => {
  it('online: posts the report with an id made on the device and answers the server’s message', async () => {
    const r = await load();
    fetchMock.mockResolvedValue(ok());
    expect(await r.submitReport('u1', input)).toBe('Mulțumim! Am primit raportarea și o vom verifica.');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reports');
    expect(((fetchMock.mock.calls[0]?.[1] ?? {}) as RequestInit).method).toBe('POST');
    expect(body(0)).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      messageId: 'm1',
      reason: 'Fraudă sau înșelăciune',
      details: 'Cere avans.',
    });
    expect(await r.queue.list()).toEqual([]);
  });

  it('offline: keeps the report on the device and says it goes when back online', async () => {
    const r = await load();
    fetchMock.mockImplementation(offline);
    expect(await r.submitReport('u1', input)).toBe(
      'Ești offline: raportarea va fi trimisă când revii online.',
    );
    const [kept] = await r.queue.list();
    expect(kept).toMatchObject({ userId: 'u1', ...input, id: body(0).id });
  });

  it('a server failing for a moment (502 while it restarts) keeps the report as offline does', async () => {
    const r = await load();
    fetchMock.mockResolvedValueOnce(refusal(502, 'Bad Gateway'));
    expect(await r.submitReport('u1', input)).toBe(REPORT_MESSAGES.queued);
    const [kept] = await r.queue.list();
    expect(kept).toMatchObject({ userId: 'u1', id: body(0).id, reason: input.reason });
  });

  it('a refusal is thrown for the dialog to show, and nothing is kept', async () => {
    const r = await load();
    fetchMock.mockResolvedValue(refusal(409, REPORT_MESSAGES.already));
    await expect(r.submitReport('u1', input)).rejects.toThrow('Ai raportat deja acest lucru. Îl verificăm.');
    fetchMock.mockResolvedValue(refusal(400, ''));
    await expect(r.submitReport('u1', input)).rejects.toThrow('Raportarea nu a putut fi trimisă.');
    expect(await r.queue.list()).toEqual([]);
  });
});

describe('the report queue, when the sync link is back', () => {
  it('sends what was kept with the same id, once, then says it was received', async () => {
    const r = await load();
    fetchMock.mockImplementationOnce(offline);
    await r.submitReport('u1', input);
    const firstId = body(0).id;
    fetchMock.mockResolvedValue(ok());
    await r.drainAll();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(body(1)).toEqual(body(0));
    expect(body(1).id).toBe(firstId);
    expect(await r.queue.list()).toEqual([]);
    expect(notify).toHaveBeenCalledWith(REPORT_MESSAGES.sent, 'success', 4000);
    await r.drainAll();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the report when the server is down or the session ended', async () => {
    const r = await load();
    fetchMock.mockImplementationOnce(offline);
    await r.submitReport('u1', input);
    for (const answer of [refusal(503, 'Eroare de server.'), refusal(401, 'Trebuie să fii autentificat.')]) {
      fetchMock.mockResolvedValueOnce(answer);
      await r.drainAll();
      expect(await r.queue.list()).toHaveLength(1);
    }
    fetchMock.mockImplementationOnce(offline);
    await r.drainAll();
    expect(await r.queue.list()).toHaveLength(1);
    expect(notify).not.toHaveBeenCalled();
  });

  it('drops a report the server refuses for good and says why', async () => {
    const r = await load();
    fetchMock.mockImplementationOnce(offline);
    await r.submitReport('u1', input);
    fetchMock.mockResolvedValue(refusal(404, REPORT_MESSAGES.notFound));
    await r.drainAll();
    expect(await r.queue.list()).toEqual([]);
    expect(notify).toHaveBeenCalledWith('Nu am găsit ce vrei să raportezi.', 'error', 4000);
  });

  it('on a write limit says so once, keeps it, and tries again after Retry-After', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const r = await load();
    fetchMock.mockImplementationOnce(offline);
    await r.submitReport('u1', input);
    fetchMock.mockResolvedValueOnce(
      refusal(429, 'Prea multe raportări. Încearcă mai târziu.', { 'Retry-After': '30' }),
    );
    fetchMock.mockResolvedValue(ok());
    await r.drainAll();
    expect(await r.queue.list()).toHaveLength(1);
    expect(notify).toHaveBeenCalledWith('Prea multe raportări. Încearcă mai târziu.', 'error', 4000);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_500);
    await vi.waitFor(async () => expect(await r.queue.list()).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(body(2).id).toBe(body(0).id);
  });

  it('sends only the signed-in person’s reports, and nothing for a guest', async () => {
    const r = await load();
    fetchMock.mockImplementation(offline);
    await r.submitReport('u1', input);
    await r.submitReport('u2', { ...input, target: { userId: 'u9' } });
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(ok());
    userId = null;
    await r.drainAll();
    expect(fetchMock).not.toHaveBeenCalled();
    userId = 'u2';
    await r.drainAll();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(body(0)).toMatchObject({ userId: 'u9' });
    expect((await r.queue.list()).map((q) => q.userId)).toEqual(['u1']);
  });
});
