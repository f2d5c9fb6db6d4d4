import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The one place photos go up: a `GET …/photos/:id` (fetch) asks whether the server has it, an XHR `PUT`
 * sends it with progress. Both are stubbed at the network edge; the module is loaded fresh per test
 * (a page load), so its "made here", "tried" and "confirmed" sets start empty.
 */

/** An XMLHttpRequest the test answers by hand (or `auto` answers each PUT as it is sent). */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static auto: ((x: FakeXhr) => void) | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  answerHeaders: Record<string, string> = {};
  aborted = false;
  upload: { onprogress: ((e: { loaded: number }) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  getResponseHeader(k: string) {
    return this.answerHeaders[k] ?? null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const auto = FakeXhr.auto;
    if (auto) queueMicrotask(() => auto(this));
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.answerHeaders = headers;
    this.onload?.();
  }
  get photoId() {
    return this.url.split('/').pop()!;
  }
}

const stored = (x: FakeXhr) => x.answer(201, { id: x.photoId, path: `/uploads/${x.photoId}.jpg` });

/** The server's photos as `GET` sees them: a path for the ones it has, 404 for the others. */
let serverHas: Map<string, string>;
let gets: string[];

beforeEach(() => {
  vi.resetModules();
  FakeXhr.sent = [];
  FakeXhr.auto = null;
  serverHas = new Map();
  gets = [];
  const storage = new Map<string, string>([['token', 'tok-ana']]);
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      const path = serverHas.get(url.split('/').pop()!);
      return path
        ? new Response(JSON.stringify({ id: 'x', path }), { status: 200 })
        : new Response(JSON.stringify({ error: 'Fotografia nu există.' }), { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const load = async () => ({ ...(await import('./photo-uploads.ts')), ...(await import('../api/client.ts')) });
const jpeg = (bytes: number) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('ensurePhoto', () => {
  it('a photo made on this page goes straight to PUT, with the token and the bytes as part "image"', async () => {
    const up = await load();
    up.markNewPhoto('p1');
    FakeXhr.auto = stored;
    expect(await up.ensurePhoto('p1', jpeg(300))).toBe('/uploads/p1.jpg');
    expect(gets).toEqual([]);
    const [put] = FakeXhr.sent;
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe('/api/users/my-announcements/photos/p1');
    expect(put?.headers.Authorization).toBe('Bearer tok-ana');
    const part = put?.body?.get('image') as File;
    expect(part.name).toBe('foto.jpg');
    expect(part.size).toBe(300);
    expect(up.isConfirmed('p1')).toBe(true);
    expect(up.photoProgress('p1')).toEqual({ state: 'done', sent: 300, total: 300 });
  });

  it('a photo from before (a restored draft, the queue after a reload) asks first and is not sent twice', async () => {
    const up = await load();
    serverHas.set('p2', '/uploads/p2.jpg');
    expect(await up.ensurePhoto('p2', jpeg(10))).toBe('/uploads/p2.jpg');
    expect(gets).toEqual(['/api/users/my-announcements/photos/p2']);
    expect(FakeXhr.sent).toEqual([]);
    // Confirmed in this session: no request at all the next time.
    expect(await up.ensurePhoto('p2', jpeg(10))).toBe('/uploads/p2.jpg');
    expect(gets).toHaveLength(1);
  });

  it('asks, hears 404, then sends the bytes', async () => {
    const up = await load();
    FakeXhr.auto = stored;
    expect(await up.ensurePhoto('p3', jpeg(10))).toBe('/uploads/p3.jpg');
    expect(gets).toEqual(['/api/users/my-announcements/photos/p3']);
    expect(FakeXhr.sent.map((x) => x.photoId)).toEqual(['p3']);
  });

  it('a made-here photo that was tried once asks the server before its second attempt (the answer may have been lost)', async () => {
    const up = await load();
    up.markNewPhoto('p4');
    const first = up.ensurePhoto('p4', jpeg(10));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.sent[0]!.onerror?.(); // the link dropped after the bytes arrived
    await expect(first).rejects.toBeInstanceOf(up.NetworkError);
    serverHas.set('p4', '/uploads/p4.jpg');
    expect(await up.ensurePhoto('p4', jpeg(10))).toBe('/uploads/p4.jpg');
    expect(gets).toEqual(['/api/users/my-announcements/photos/p4']);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('two calls for one photo share one attempt', async () => {
    const up = await load();
    up.markNewPhoto('p5');
    FakeXhr.auto = stored;
    const blob = jpeg(10);
    const [a, b] = await Promise.all([up.ensurePhoto('p5', blob), up.ensurePhoto('p5', blob)]);
    expect(a).toBe(b);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('one photo on the wire at a time, in the order asked', async () => {
    const up = await load();
    for (const id of ['a', 'b', 'c']) up.markNewPhoto(id);
    const done: string[] = [];
    const all = ['a', 'b', 'c'].map((id) =>
      up.ensurePhoto(id, jpeg(5)).then(
        () => done.push(id),
        () => {},
      ),
    );
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await tick();
    expect(FakeXhr.sent).toHaveLength(1);
    expect(up.photoProgress('b')?.state).toBe('waiting');
    stored(FakeXhr.sent[0]!);
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    // A failure of one does not block the lane for the next.
    FakeXhr.sent[1]!.onerror?.();
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    stored(FakeXhr.sent[2]!);
    await Promise.allSettled(all);
    expect(FakeXhr.sent.map((x) => x.photoId)).toEqual(['a', 'b', 'c']);
    expect(done).toEqual(['a', 'c']);
  });

  it('reports the bytes sent, never more than the photo', async () => {
    const up = await load();
    up.markNewPhoto('p6');
    const seen: number[] = [];
    up.onPhotoProgress(() => {
      const p = up.photoProgress('p6');
      if (p?.state === 'sending') seen.push(p.sent);
    });
    const sending = up.ensurePhoto('p6', jpeg(1000));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    xhr.upload.onprogress?.({ loaded: 400 });
    expect(up.photoProgress('p6')).toEqual({ state: 'sending', sent: 400, total: 1000 });
    // The multipart body is a little larger than the photo.
    xhr.upload.onprogress?.({ loaded: 1200 });
    stored(xhr);
    await sending;
    expect(seen).toEqual([0, 400, 1000]);
  });
});

describe('a failed photo says why and whether it may go later', () => {
  const failWith = async (answer: (x: FakeXhr) => void) => {
    const up = await load();
    up.markNewPhoto('f');
    FakeXhr.auto = answer;
    const err = await up.ensurePhoto('f', jpeg(50)).catch((e: unknown) => e);
    return { up, err, progress: up.photoProgress('f') };
  };

  it('no network: the offline message, retryable', async () => {
    const { up, err, progress } = await failWith((x) => x.onerror?.());
    expect(err).toBeInstanceOf(up.NetworkError);
    expect(progress).toEqual({
      state: 'failed',
      sent: 0,
      total: 50,
      error: 'Nu ești conectat la internet. Încearcă din nou când revine conexiunea.',
      retryable: true,
      // No answer, not a refusal: offline, the form says it goes up when the link is back (issue 45).
      network: true,
    });
  });

  it('a stalled upload (no byte moves, no answer) fails as offline after UPLOAD_STALL_MS, and the next photo goes', async () => {
    vi.useFakeTimers();
    try {
      const up = await load();
      up.markNewPhoto('s1');
      up.markNewPhoto('s2');
      const first = up.ensurePhoto('s1', jpeg(100)).catch((e: unknown) => e);
      const second = up.ensurePhoto('s2', jpeg(100));
      await vi.advanceTimersByTimeAsync(0);
      const [stuck] = FakeXhr.sent;
      // Some bytes move, then nothing: the wait starts again at each progress event.
      stuck!.upload.onprogress?.({ loaded: 40 });
      await vi.advanceTimersByTimeAsync(up.UPLOAD_STALL_MS - 1);
      expect(stuck!.aborted).toBe(false);
      stuck!.upload.onprogress?.({ loaded: 60 });
      await vi.advanceTimersByTimeAsync(up.UPLOAD_STALL_MS - 1);
      expect(stuck!.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(stuck!.aborted).toBe(true);
      expect(await first).toBeInstanceOf(up.NetworkError);
      expect(up.photoProgress('s1')).toMatchObject({ state: 'failed', retryable: true });
      // The lane is free again. Every byte handed over, the answer is waited for longer (2G buffers, the
      // server storing it): no stall at UPLOAD_STALL_MS then.
      await vi.advanceTimersByTimeAsync(0);
      const next = FakeXhr.sent[1]!;
      next.upload.onprogress?.({ loaded: 100 });
      next.upload.onload?.();
      await vi.advanceTimersByTimeAsync(up.UPLOAD_STALL_MS + 1);
      expect(next.aborted).toBe(false);
      stored(next);
      expect(await second).toBe('/uploads/s2.jpg');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a refusal (400): the server’s Romanian message, not retryable', async () => {
    const { up, err, progress } = await failWith((x) =>
      x.answer(400, { error: 'Poți încărca doar imagini în format JPG/JPEG' }),
    );
    expect(err).toBeInstanceOf(up.ApiError);
    expect(progress?.error).toBe('Poți încărca doar imagini în format JPG/JPEG');
    expect(progress?.retryable).toBe(false);
  });

  it('a full quota (413) or a full server (507): its Romanian message, not retried on its own', async () => {
    for (const [status, error] of [
      [413, 'Ai atins limita de spațiu pentru fotografii: 100 MB de fotografii încă nepublicate.'],
      [507, 'Serverul nu mai are spațiu pentru fișiere noi. Încearcă mai târziu.'],
    ] as const) {
      const { progress } = await failWith((x) => x.answer(status, { error, code: 'quota_exceeded' }));
      expect(progress?.error).toBe(error);
      expect(progress?.retryable).toBe(false);
    }
  });

  it('a write limit (429) keeps its Retry-After and is retryable', async () => {
    const { err, progress } = await failWith((x) =>
      x.answer(429, { error: 'Prea multe fotografii', code: 'rate_limited' }, { 'Retry-After': '30' }),
    );
    expect(err).toMatchObject({ status: 429, retryAfterSeconds: 30, code: 'rate_limited' });
    expect(progress?.retryable).toBe(true);
  });

  it('a proxy’s page (502, not JSON): our own message, retryable', async () => {
    const { progress } = await failWith((x) => x.answer(502, '<html>Bad gateway</html>'));
    expect(progress?.error).toBe('Fotografia nu a putut fi încărcată.');
    expect(progress?.retryable).toBe(true);
    expect(progress?.network).toBe(false); // an answer came: the photo did fail
  });

  it('a 2xx without a path is not taken for a stored photo', async () => {
    const { up, progress } = await failWith((x) => x.answer(200, {}));
    expect(up.isConfirmed('f')).toBe(false);
    expect(progress?.state).toBe('failed');
  });

  it('the next call after a failure tries again and can succeed', async () => {
    const { up } = await failWith((x) => x.onerror?.());
    FakeXhr.auto = stored;
    expect(await up.ensurePhoto('f', jpeg(50))).toBe('/uploads/f.jpg');
    expect(up.photoProgress('f')?.state).toBe('done');
  });
});

describe('cancel and forget', () => {
  it('cancelPhoto aborts the PUT and forgets the progress', async () => {
    const up = await load();
    up.markNewPhoto('c1');
    const sending = up.ensurePhoto('c1', jpeg(10));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    up.cancelPhoto('c1');
    const err = await sending.catch((e: unknown) => e);
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(up.wasCancelled(err)).toBe(true);
    expect(up.photoProgress('c1')).toBeUndefined();
  });

  it('a photo cancelled while waiting for the lane never goes', async () => {
    const up = await load();
    up.markNewPhoto('first');
    up.markNewPhoto('gone');
    const first = up.ensurePhoto('first', jpeg(10));
    const gone = up.ensurePhoto('gone', jpeg(10)).catch((e: unknown) => e);
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    up.cancelPhoto('gone');
    stored(FakeXhr.sent[0]!);
    await first;
    expect(up.wasCancelled(await gone)).toBe(true);
    expect(FakeXhr.sent.map((x) => x.photoId)).toEqual(['first']);
  });

  it('forgetConfirmed: the server lost it, so the next ensurePhoto asks again and sends it', async () => {
    const up = await load();
    up.markNewPhoto('e1');
    FakeXhr.auto = stored;
    await up.ensurePhoto('e1', jpeg(10));
    up.forgetConfirmed(['e1']);
    expect(up.isConfirmed('e1')).toBe(false);
    await up.ensurePhoto('e1', jpeg(10));
    expect(gets).toEqual(['/api/users/my-announcements/photos/e1']);
    expect(FakeXhr.sent).toHaveLength(2);
  });
});

describe('photosSummary', () => {
  it('counts done, failed and bytes of the photos as the form shows them', async () => {
    const up = await load();
    const photos = [
      { photoId: 'done', blob: jpeg(1000) },
      { photoId: 'failing', blob: jpeg(2000) },
      { photoId: 'going', blob: jpeg(3000) },
      { photoId: 'untouched', blob: jpeg(4000) },
    ];
    for (const p of photos) up.markNewPhoto(p.photoId);
    FakeXhr.auto = (x) => (x.photoId === 'done' ? stored(x) : x.photoId === 'failing' ? x.onerror?.() : null);
    await up.ensurePhoto('done', photos[0]!.blob);
    await up.ensurePhoto('failing', photos[1]!.blob).catch(() => {});
    void up.ensurePhoto('going', photos[2]!.blob);
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    FakeXhr.sent[2]!.upload.onprogress?.({ loaded: 500 });
    expect(up.photosSummary(photos)).toEqual({
      count: 4,
      done: 1,
      failed: 1,
      offline: 0, // the app is online: a failure to retry, not a wait for the connection
      sentBytes: 1500,
      totalBytes: 10_000,
    });
    // Offline, the photo that got no answer waits for the connection.
    expect(up.photosSummary(photos, true)).toMatchObject({ failed: 1, offline: 1 });
    expect(up.photosSummary([])).toEqual({
      count: 0,
      done: 0,
      failed: 0,
      offline: 0,
      sentBytes: 0,
      totalBytes: 0,
    });
  });
});
