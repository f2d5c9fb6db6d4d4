// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../schema/constants.ts';
import {
  API_TIMEOUT_MS,
  ApiError,
  api,
  apiTimeoutMs,
  bodyBytes,
  failureMessage,
  isWriteLimited,
  NetworkError,
  OFFLINE_MESSAGE,
  retryLater,
  SLOWEST_UPLINK_BYTES_PER_S,
  storedToken,
} from './client.ts';

/** The one way the app talks to its server: the token, the body, and the Romanian errors forms show. */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers });
const sent = () => {
  const [path, init] = fetchMock.mock.calls[0] ?? [];
  return { path, init: init as RequestInit, headers: new Headers(init?.headers) };
};

describe('api()', () => {
  it('sends the stored token as a bearer and JSON with its content type', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'tok-123');
    fetchMock.mockResolvedValue(answer({ message: 'ok' }));
    const res = await api<{ message: string }>('/api/reports', {
      method: 'POST',
      json: { reason: 'Altceva' },
    });
    expect(res).toEqual({ message: 'ok' });
    const { path, init, headers } = sent();
    expect(path).toBe('/api/reports');
    expect(init.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer tok-123');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"reason":"Altceva"}');
  });

  it('sends no Authorization for a guest, and leaves a FormData body to set its own boundary', async () => {
    fetchMock.mockResolvedValue(answer({ image: '/uploads/chat/x.png' }));
    const form = new FormData();
    form.append('text', 'Bună');
    await api('/api/messages', { method: 'POST', body: form });
    const { init, headers } = sent();
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('Content-Type')).toBe(false);
    expect(init.body).toBe(form);
  });

  it('answers null for an empty 2xx body (204)', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api('/api/x', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('throws the server’s Romanian error with its status and code', async () => {
    fetchMock.mockResolvedValue(answer({ error: 'Poți șterge doar mesajele tale.', code: 'forbidden' }, 403));
    const err = await api('/api/messages/1', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: 'Poți șterge doar mesajele tale.', status: 403, code: 'forbidden' });
  });

  it('falls back to the caller’s message, then to the generic one, when the server says nothing usable', async () => {
    fetchMock.mockResolvedValueOnce(answer('<html>Bad gateway</html>', 502));
    await expect(
      api('/api/reports', { fallbackError: 'Raportarea nu a putut fi trimisă.' }),
    ).rejects.toMatchObject({
      message: 'Raportarea nu a putut fi trimisă.',
      status: 502,
    });
    fetchMock.mockResolvedValueOnce(answer('', 500));
    await expect(api('/api/x')).rejects.toMatchObject({
      message: 'A apărut o eroare. Încearcă din nou.',
      status: 500,
    });
  });

  it('reads a 401 as an ApiError the outboxes stop on (not as being offline)', async () => {
    fetchMock.mockResolvedValue(answer({ error: 'Trebuie să fii autentificat.' }, 401));
    const err = await api('/api/messages').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).not.toBeInstanceOf(NetworkError);
    expect((err as ApiError).status).toBe(401);
    expect(failureMessage(err)).toBe('Trebuie să fii autentificat.');
  });

  it('reads a 429’s Retry-After as the seconds to wait', async () => {
    fetchMock.mockResolvedValue(
      answer({ error: 'Prea multe mesaje. Încearcă mai târziu.' }, 429, { 'Retry-After': '42' }),
    );
    const err = await api('/api/messages', { method: 'POST' }).catch((e: unknown) => e);
    expect(isWriteLimited(err)).toBe(true);
    expect((err as ApiError).retryAfterSeconds).toBe(42);
    fetchMock.mockResolvedValue(answer({ error: 'Prea multe.' }, 429));
    expect(((await api('/x').catch((e: unknown) => e)) as ApiError).retryAfterSeconds).toBeUndefined();
    expect(isWriteLimited(new ApiError('x', 503))).toBe(false);
    expect(isWriteLimited(new Error('x'))).toBe(false);
  });

  it('turns a request that never reached the server into a NetworkError, said plainly to the person', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await api('/api/reports').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toBe('Failed to fetch');
    expect(failureMessage(err)).toBe(OFFLINE_MESSAGE);
    expect(OFFLINE_MESSAGE).toBe('Nu ești conectat la internet. Încearcă din nou când revine conexiunea.');
    expect(failureMessage(new ApiError('Anunțul nu a fost găsit', 404))).toBe('Anunțul nu a fost găsit');
  });
});

describe('api() on a stalled link', () => {
  /** A fetch that never answers until its signal aborts (a link that stalled without closing). */
  const stalled = () =>
    fetchMock.mockImplementation(
      (_path, init) =>
        new Promise((_resolve, reject) => {
          // As fetch: an aborted signal rejects at once, a later abort when it comes.
          if (init?.signal?.aborted) reject(init.signal.reason);
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true });
        }),
    );

  it(`gives up after ${API_TIMEOUT_MS / 1000} s as a NetworkError (the form says it plainly and keeps what was typed)`, async () => {
    vi.useFakeTimers();
    stalled();
    const pending = api('/api/reports', { method: 'POST', json: { reason: 'Altceva' } });
    const settled = vi.fn();
    pending.then(settled, settled);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 100);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });

  it('gives a file body its sending time on the slowest uplink, then gives up (a chat file on a dead link)', async () => {
    vi.useFakeTimers();
    stalled();
    const file = new Blob([new Uint8Array(1024 * 1024)], { type: 'image/jpeg' });
    const form = new FormData();
    form.append('text', 'Bună');
    form.append('image', file, 'poza.jpg');
    const pending = api('/api/messages', { method: 'POST', body: form });
    const settled = vi.fn();
    pending.then(settled, settled);
    expect(sent().init.signal).toBeDefined();
    // A megabyte at 4 kB/s: 256 s of sending on top of the answer's 30 s, not the bare 30 s of a JSON form.
    const limit = apiTimeoutMs(bodyBytes(form)!);
    expect(limit - API_TIMEOUT_MS).toBeGreaterThanOrEqual(256_000);
    expect(limit - API_TIMEOUT_MS).toBeLessThan(256_010);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 1_000);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(limit - API_TIMEOUT_MS - 1_100);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });

  it('counts a body’s bytes as they go on the wire (UTF-8 text, files, FormData entries); a stream is unknown', () => {
    expect(bodyBytes(undefined)).toBe(0);
    expect(bodyBytes('ăș')).toBe(4);
    expect(bodyBytes(new Blob(['abc']))).toBe(3);
    expect(bodyBytes(new Uint8Array(7))).toBe(7);
    const form = new FormData();
    form.append('text', 'ț');
    form.append('file', new Blob([new Uint8Array(10)]), 'a.bin');
    expect(bodyBytes(form)).toBe(12);
    expect(bodyBytes(new ReadableStream())).toBeNull();
    expect(apiTimeoutMs(SLOWEST_UPLINK_BYTES_PER_S * 60)).toBe(API_TIMEOUT_MS + 60_000);
  });

  it('the caller’s own abort stays an abort', async () => {
    stalled();
    fetchMock.mockClear();
    const own = new AbortController();
    const pending = api('/api/me', { signal: own.signal });
    own.abort(new DOMException('gone', 'AbortError'));
    const err = await pending.catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(NetworkError);
    expect((err as DOMException).name).toBe('AbortError');

    // A signal aborted before the call: the request is aborted from the start, as fetch would do.
    fetchMock.mockClear();
    const gone = new AbortController();
    gone.abort(new DOMException('gone', 'AbortError'));
    const early = await api('/api/me', { signal: gone.signal }).catch((e: unknown) => e);
    expect(sent().init.signal?.aborted).toBe(true);
    expect((early as DOMException).name).toBe('AbortError');
  });
});

describe('storedToken()', () => {
  it('is null when there is none or the storage is refused (private mode)', () => {
    expect(storedToken()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.token, 't');
    expect(storedToken()).toBe('t');
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(storedToken()).toBeNull();
  });
});

describe('retryLater()', () => {
  it('runs once after the server’s seconds, a newer call replacing the older', async () => {
    vi.useFakeTimers();
    const first = vi.fn();
    const second = vi.fn();
    retryLater('reports', first, 5);
    retryLater('reports', second, 5);
    vi.advanceTimersByTime(5_000);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('waits a minute when the server gave no time, and never more than an hour', () => {
    vi.useFakeTimers();
    const noTime = vi.fn();
    const huge = vi.fn();
    retryLater('a', noTime);
    retryLater('b', huge, 86_400);
    vi.advanceTimersByTime(59_000);
    expect(noTime).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_300);
    expect(noTime).toHaveBeenCalledTimes(1);
    // An hour and the small margin after it, not a day.
    vi.advanceTimersByTime(3_600_250 - 60_300 - 1);
    expect(huge).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(huge).toHaveBeenCalledTimes(1);
  });
});
