import { STORAGE_KEYS, TIMINGS } from '../../../../schema/constants.ts';
import type { AuthCheck, LoginAnswer, OwnProfile } from '../../../../schema/entities.ts';
import type { RegistrationInput } from '../../../../schema/rules/account.ts';
import { ApiError, api, NetworkError, storedToken } from '../../api/client.ts';

export type SessionStatus = 'loading' | 'guest' | 'user';
export type SessionState = {
  status: SessionStatus;
  userId: string | null;
  user: OwnProfile | null;
  /** Avatar candidates in the spec's order: session avatar, auth-check avatar, stored last avatar. */
  avatarCandidates: string[];
  /** True while the device cannot reach the server (the user stays signed in offline). */
  offline: boolean;
  /**
   * The server refused this device's session (revoked from another device, password reset, expired):
   * the shell sends the person to /login, which says why. Cleared once shown or at the next sign-in.
   */
  expired: boolean;
};

const PROFILE_CACHE = 'hobbiz_profile';
const GUEST_SNAPSHOT: SessionState = Object.freeze({
  status: 'guest',
  userId: null,
  user: null,
  avatarCandidates: [],
  offline: false,
  expired: false,
});

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the in-memory session still works */
  }
}

function cachedProfile(): OwnProfile | null {
  const raw = read(PROFILE_CACHE);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as OwnProfile;
  } catch {
    return null;
  }
}

function candidates(user: OwnProfile | null, check: AuthCheck | null): string[] {
  const list = [user?.avatar, check?.avatar, check?.googleAvatar, read(STORAGE_KEYS.lastAvatarUrl)];
  return [...new Set(list.filter((x): x is string => !!x))];
}

/**
 * The session of spec doc 1 §4 as a tiny external store (useSyncExternalStore). Offline-first: a stored
 * token with no network keeps the user signed in on the cached profile; only a 401 signs them out.
 */
class SessionStore {
  private state: SessionState;
  private listeners = new Set<() => void>();
  private lastRefresh = 0;
  private inflight: Promise<void> | null = null;

  constructor() {
    const token = storedToken();
    const user = token ? cachedProfile() : null;
    this.state = {
      status: token ? (user ? 'user' : 'loading') : 'guest',
      userId: token ? read(STORAGE_KEYS.userId) : null,
      user,
      avatarCandidates: candidates(user, null),
      offline: false,
      expired: false,
    };
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  get = () => this.state;
  /** What the build-time prerender saw (a guest): the first hydration pass must match it. */
  getServerSnapshot = () => GUEST_SNAPSHOT;

  private set(patch: Partial<SessionState>) {
    this.state = { ...this.state, ...patch };
    for (const fn of this.listeners) fn();
  }

  private signedOutLocally(expired = false) {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.userId, null);
    write(STORAGE_KEYS.lastAvatarUrl, null);
    write(PROFILE_CACHE, null);
    this.set({ status: 'guest', userId: null, user: null, avatarCandidates: [], offline: false, expired });
  }

  /**
   * The server closed this device's session (the sync socket's 4401): signed out here like a logout
   * (the local data goes with it), and the sign-in page explains why.
   */
  expire = (): void => {
    if (this.state.status === 'guest' && !storedToken()) return;
    this.signedOutLocally(true);
  };

  /** The sign-in page has shown the 'session ended' notice. */
  clearExpired = (): void => {
    if (this.state.expired) this.set({ expired: false });
  };

  /** Refresh throttled to one per 3 s unless forced (spec doc 1 §4). */
  refresh = (force = false): Promise<void> => {
    if (this.inflight) return this.inflight;
    const now = Date.now();
    if (!force && now - this.lastRefresh < TIMINGS.sessionRefreshThrottleMs) return Promise.resolve();
    this.lastRefresh = now;
    this.inflight = this.doRefresh().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  };

  private async doRefresh() {
    if (!storedToken()) {
      if (this.state.status !== 'guest') this.signedOutLocally();
      return;
    }
    try {
      const check = await api<AuthCheck>('/api/users/auth/check');
      // The stored token is no longer valid: the session was closed elsewhere or ran out.
      if (!check.isAuthenticated) return this.signedOutLocally(true);
      const user = await api<OwnProfile>('/api/users/profile');
      write(PROFILE_CACHE, JSON.stringify(user));
      write(STORAGE_KEYS.userId, user._id);
      if (user.avatar) write(STORAGE_KEYS.lastAvatarUrl, user.avatar);
      this.set({
        status: 'user',
        user,
        userId: user._id,
        avatarCandidates: candidates(user, check),
        offline: false,
      });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return this.signedOutLocally(true);
      // No network (or a server hiccup): stay signed in on what we know, only note it.
      if (err instanceof NetworkError) this.set({ offline: true });
      else console.warn('Reîmprospătarea sesiunii a eșuat', err);
      if (this.state.status === 'loading') {
        const user = cachedProfile();
        this.set({ status: user || this.state.userId ? 'user' : 'guest', user });
      }
    }
  }

  login = async (email: string, password: string): Promise<void> => {
    const answer = await api<LoginAnswer>('/api/users/login', {
      method: 'POST',
      json: { email, password },
      fallbackError: 'Autentificare eșuată',
    });
    write(STORAGE_KEYS.token, answer.token);
    write(STORAGE_KEYS.userId, answer.userId);
    this.set({ status: 'loading', userId: answer.userId, expired: false });
    await this.refresh(true);
  };

  register = async (input: RegistrationInput): Promise<void> => {
    await api<unknown>('/api/users/register', {
      method: 'POST',
      json: input,
      fallbackError: 'Înregistrare eșuată',
    });
  };

  /** Revokes the token on the server when reachable; the local sign-out happens regardless. */
  logout = async (): Promise<void> => {
    try {
      await api<unknown>('/auth/logout', { credentials: 'include' });
    } catch {
      /* offline: the token expires on its own; the device forgets it now */
    }
    this.signedOutLocally();
  };
}

export const session = new SessionStore();
