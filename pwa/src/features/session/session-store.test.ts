import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../schema/constants.ts';

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
