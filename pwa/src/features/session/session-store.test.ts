import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TIMINGS } from '../../../../schema/constants.ts';

/** The browser's localStorage for one profile (the session store reads it when the page loads). */
function storage(initial: Record<string, string> = {}): Storage {
  const m = new Map(Object.entries(initial));
  return {
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    clear: () => m.clear(),
  };
}

const PROFILE = { _id: 'u1', firstName: 'Ana', lastName: 'Pop', email: 'ana@hobbiz.test', avatar: '' };

/** A page load with this storage; `answers` are the server's replies by path (a throw is no network). */
async function pageLoad(stored: Record<string, string>, answers: Record<string, unknown> | 'offline') {
  vi.resetModules();
  const ls = storage(stored);
  vi.stubGlobal('localStorage', ls);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (answers === 'offline') throw new TypeError('Failed to fetch');
      if (!(path in answers)) return new Response('{}', { status: 404 });
      return new Response(JSON.stringify(answers[path]), { status: 200 });
    }),
  );
  const { session } = await import('./session-store.ts');
  return { session, ls };
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the session store', () => {
  it('starts as a guest without a token, and signed in from the cached profile with one', async () => {
    expect((await pageLoad({}, 'offline')).session.get().status).toBe('guest');
    const signedIn = await pageLoad(
      { [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.userId]: 'u1', hobbiz_profile: JSON.stringify(PROFILE) },
      'offline',
    );
    expect(signedIn.session.get()).toMatchObject({ status: 'user', userId: 'u1', user: PROFILE });
    // A token but no profile yet: the pages wait for the check ('Se încarcă...'), not for ever.
    expect((await pageLoad({ [STORAGE_KEYS.token]: 't' }, 'offline')).session.get().status).toBe('loading');
  });

  it('offline, keeps the person signed in and notes it', async () => {
    const { session } = await pageLoad(
      { [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.userId]: 'u1', hobbiz_profile: JSON.stringify(PROFILE) },
      'offline',
    );
    await session.refresh(true);
    expect(session.get()).toMatchObject({ status: 'user', userId: 'u1', offline: true, expired: false });
  });

  it('a session the server no longer knows signs out here and says so once on /login', async () => {
    const { session, ls } = await pageLoad(
      { [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.userId]: 'u1', hobbiz_profile: JSON.stringify(PROFILE) },
      { '/api/users/auth/check': { isAuthenticated: false, avatar: null, googleAvatar: null } },
    );
    const seen = vi.fn();
    session.subscribe(seen);
    await session.refresh(true);
    expect(session.get()).toMatchObject({ status: 'guest', userId: null, user: null, expired: true });
    expect(ls.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(ls.getItem('hobbiz_profile')).toBeNull();
    expect(seen).toHaveBeenCalled();
    session.clearExpired();
    expect(session.get().expired).toBe(false);
  });

  it('a valid token loads the profile and keeps it for the next offline start', async () => {
    const fresh = { ...PROFILE, avatar: '/uploads/avatars/a.webp' };
    const { session, ls } = await pageLoad(
      { [STORAGE_KEYS.token]: 't' },
      {
        '/api/users/auth/check': { isAuthenticated: true, avatar: null, googleAvatar: null },
        '/api/users/profile': fresh,
      },
    );
    expect(session.get().status).toBe('loading');
    await session.refresh(true);
    expect(session.get()).toMatchObject({ status: 'user', userId: 'u1', user: fresh });
    expect(session.get().avatarCandidates[0]).toBe('/uploads/avatars/a.webp');
    expect(JSON.parse(ls.getItem('hobbiz_profile')!)).toEqual(fresh);
    expect(ls.getItem(STORAGE_KEYS.lastAvatarUrl)).toBe('/uploads/avatars/a.webp');
  });
});

/** The server as the store sees it: one handler per `METHOD path`; no handler is 404, a throw is no network. */
type Route = (init: RequestInit) => Response | Promise<Response>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const OK_CHECK = { isAuthenticated: true, avatar: null, googleAvatar: null };

async function withServer(stored: Record<string, string>, routes: Record<string, Route>) {
  vi.resetModules();
  const ls = storage(stored);
  vi.stubGlobal('localStorage', ls);
  const calls: { key: string; auth: string | null; body: unknown }[] = [];
  const fetch = vi.fn(async (path: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${path}`;
    calls.push({
      key,
      auth: new Headers(init.headers).get('Authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const route = routes[key];
    return route ? route(init) : json({}, 404);
  });
  vi.stubGlobal('fetch', fetch);
  const { session } = await import('./session-store.ts');
  return { session, ls, calls, fetch };
}
const SIGNED_IN = {
  [STORAGE_KEYS.token]: 't',
  [STORAGE_KEYS.userId]: 'u1',
  hobbiz_profile: JSON.stringify(PROFILE),
};
const offline: Route = () => {
  throw new TypeError('Failed to fetch');
};

describe('signing in', () => {
  it('keeps the token, then loads the profile: the person is signed in with their data', async () => {
    const { session, ls, calls } = await withServer(
      {},
      {
        'POST /api/users/login': () => json({ token: 'tok-1', userId: 'u1' }),
        'GET /api/users/auth/check': () => json(OK_CHECK),
        'GET /api/users/profile': () => json(PROFILE),
      },
    );
    const states: string[] = [];
    session.subscribe(() => states.push(session.get().status));
    await session.login('ana@hobbiz.test', 'parola-lunga');
    expect(calls[0]).toMatchObject({
      key: 'POST /api/users/login',
      body: { email: 'ana@hobbiz.test', password: 'parola-lunga' },
    });
    // The profile is asked with the new token.
    expect(calls.find((c) => c.key === 'GET /api/users/profile')?.auth).toBe('Bearer tok-1');
    expect(states).toEqual(['loading', 'user']);
    expect(session.get()).toMatchObject({ status: 'user', userId: 'u1', user: PROFILE, expired: false });
    expect(ls.getItem(STORAGE_KEYS.token)).toBe('tok-1');
  });

  it('a refused sign-in says why in Romanian and keeps the person a guest', async () => {
    const { session, ls } = await withServer(
      {},
      { 'POST /api/users/login': () => json({ error: 'Email sau parolă incorectă' }, 401) },
    );
    await expect(session.login('ana@hobbiz.test', 'gresit')).rejects.toThrow('Email sau parolă incorectă');
    expect(session.get().status).toBe('guest');
    expect(ls.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('without a message from the server, says "Autentificare eșuată"', async () => {
    const { session } = await withServer(
      {},
      { 'POST /api/users/login': () => new Response('', { status: 500 }) },
    );
    await expect(session.login('a@b.ro', 'x')).rejects.toThrow('Autentificare eșuată');
  });

  it('a new sign-in clears the "session ended" notice of the previous one', async () => {
    const { session } = await withServer(SIGNED_IN, {
      'POST /api/users/login': () => json({ token: 'tok-2', userId: 'u1' }),
      'GET /api/users/auth/check': () => json(OK_CHECK),
      'GET /api/users/profile': () => json(PROFILE),
    });
    session.expire();
    expect(session.get().expired).toBe(true);
    await session.login('ana@hobbiz.test', 'parola-lunga');
    expect(session.get()).toMatchObject({ status: 'user', expired: false });
  });
});

describe('the refresh', () => {
  it('a 401 signs the person out here and says why', async () => {
    const { session, ls } = await withServer(SIGNED_IN, {
      'GET /api/users/auth/check': () => json(OK_CHECK),
      'GET /api/users/profile': () => json({ error: 'Neautorizat' }, 401),
    });
    await session.refresh(true);
    expect(session.get()).toMatchObject({ status: 'guest', userId: null, expired: true });
    expect(ls.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it('a server error keeps the person signed in and is not taken for being offline', async () => {
    const { session, ls } = await withServer(SIGNED_IN, {
      'GET /api/users/auth/check': () => json({ error: 'Eroare internă' }, 500),
    });
    await session.refresh(true);
    expect(session.get()).toMatchObject({ status: 'user', userId: 'u1', offline: false, expired: false });
    expect(ls.getItem(STORAGE_KEYS.token)).toBe('t');
    expect(console.warn).toHaveBeenCalled();
  });

  it('offline with a token but no cached profile yet: signed in on the stored id, not stuck loading', async () => {
    const { session } = await withServer(
      { [STORAGE_KEYS.token]: 't', [STORAGE_KEYS.userId]: 'u1' },
      { 'GET /api/users/auth/check': offline },
    );
    expect(session.get().status).toBe('loading');
    await session.refresh(true);
    expect(session.get()).toMatchObject({ status: 'user', userId: 'u1', user: null, offline: true });
  });

  it('offline with a token and nothing else known: a guest, not a spinner for ever', async () => {
    const { session } = await withServer(
      { [STORAGE_KEYS.token]: 't' },
      { 'GET /api/users/auth/check': offline },
    );
    await session.refresh(true);
    expect(session.get().status).toBe('guest');
  });

  it('back online, the offline note goes away', async () => {
    let down = true;
    const { session } = await withServer(SIGNED_IN, {
      'GET /api/users/auth/check': () => (down ? offline({}) : json(OK_CHECK)),
      'GET /api/users/profile': () => json(PROFILE),
    });
    await session.refresh(true);
    expect(session.get().offline).toBe(true);
    down = false;
    await session.refresh(true);
    expect(session.get()).toMatchObject({ status: 'user', offline: false });
  });

  it('the token removed in another tab signs this one out (without the "session ended" notice)', async () => {
    const { session, ls, fetch } = await withServer(SIGNED_IN, {});
    ls.removeItem(STORAGE_KEYS.token);
    await session.refresh(true);
    expect(session.get()).toMatchObject({ status: 'guest', expired: false });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is throttled to one per TIMINGS.sessionRefreshThrottleMs unless forced, and never runs twice at once', async () => {
    vi.useFakeTimers();
    try {
      const { session, calls } = await withServer(SIGNED_IN, {
        'GET /api/users/auth/check': () => json(OK_CHECK),
        'GET /api/users/profile': () => json(PROFILE),
      });
      const checks = () => calls.filter((c) => c.key === 'GET /api/users/auth/check').length;
      const a = session.refresh();
      const b = session.refresh(true); // while the first is in flight: the same one
      expect(b).toBe(a);
      await a;
      expect(checks()).toBe(1);
      vi.advanceTimersByTime(TIMINGS.sessionRefreshThrottleMs - 1);
      await session.refresh();
      expect(checks()).toBe(1);
      await session.refresh(true);
      expect(checks()).toBe(2);
      vi.advanceTimersByTime(TIMINGS.sessionRefreshThrottleMs);
      await session.refresh();
      expect(checks()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("offers the avatars in the spec's order, each once", async () => {
    const { session } = await withServer(
      { ...SIGNED_IN, [STORAGE_KEYS.lastAvatarUrl]: '/uploads/avatars/old.webp' },
      {
        'GET /api/users/auth/check': () =>
          json({
            isAuthenticated: true,
            avatar: '/uploads/avatars/a.webp',
            googleAvatar: 'https://g.test/p.jpg',
          }),
        'GET /api/users/profile': () => json({ ...PROFILE, avatar: '/uploads/avatars/a.webp' }),
      },
    );
    await session.refresh(true);
    // The profile's avatar is stored as the last one, so it replaces the old one.
    expect(session.get().avatarCandidates).toEqual(['/uploads/avatars/a.webp', 'https://g.test/p.jpg']);
  });
});

describe('signing out', () => {
  it('revokes the token on the server and forgets everything of the person here', async () => {
    const { session, ls, calls } = await withServer(
      { ...SIGNED_IN, [STORAGE_KEYS.lastAvatarUrl]: '/uploads/avatars/a.webp' },
      { 'GET /auth/logout': () => json({ message: 'ok' }) },
    );
    await session.logout();
    expect(calls).toEqual([{ key: 'GET /auth/logout', auth: 'Bearer t', body: undefined }]);
    expect(session.get()).toMatchObject({ status: 'guest', userId: null, user: null, avatarCandidates: [] });
    expect(session.get().expired).toBe(false);
    for (const k of [STORAGE_KEYS.token, STORAGE_KEYS.userId, STORAGE_KEYS.lastAvatarUrl, 'hobbiz_profile'])
      expect(ls.getItem(k), k).toBeNull();
  });

  it('offline, signs out on the device all the same', async () => {
    const { session, ls } = await withServer(SIGNED_IN, { 'GET /auth/logout': offline });
    await session.logout();
    expect(session.get().status).toBe('guest');
    expect(ls.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('expire() on a guest with no token changes nothing (no notice out of nowhere)', async () => {
    const { session } = await withServer({}, {});
    const seen = vi.fn();
    session.subscribe(seen);
    session.expire();
    expect(seen).not.toHaveBeenCalled();
    expect(session.get().expired).toBe(false);
  });
});

describe('registering', () => {
  it('sends the form and does not sign in by itself', async () => {
    const { session, calls, ls } = await withServer(
      {},
      { 'POST /api/users/register': () => json({ message: 'ok' }, 201) },
    );
    const input = { firstName: 'Ana', lastName: 'Pop', email: 'ana@hobbiz.test', password: 'parola-lunga' };
    await session.register(input as never);
    expect(calls[0]).toMatchObject({ key: 'POST /api/users/register', body: input });
    expect(session.get().status).toBe('guest');
    expect(ls.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('a refusal without a message says "Înregistrare eșuată"', async () => {
    const { session } = await withServer(
      {},
      { 'POST /api/users/register': () => new Response('', { status: 400 }) },
    );
    await expect(session.register({} as never)).rejects.toThrow('Înregistrare eșuată');
  });
});
