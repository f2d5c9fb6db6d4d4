import { useEffect, useSyncExternalStore } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { type SessionState, session } from './session-store.ts';

export function useSession(): SessionState & {
  login: typeof session.login;
  register: typeof session.register;
  logout: typeof session.logout;
  refresh: typeof session.refresh;
} {
  const state = useSyncExternalStore(session.subscribe, session.get, session.getServerSnapshot);
  return {
    ...state,
    login: session.login,
    register: session.register,
    logout: session.logout,
    refresh: session.refresh,
  };
}

/**
 * Mount once at the root: refresh on first load (forced), on visibility, focus and regained network, and
 * every 60 s while visible (spec doc 1 §4).
 */
export function useSessionRefresh(): void {
  useEffect(() => {
    void session.refresh(true);
    const soft = () => {
      if (document.visibilityState === 'visible') void session.refresh();
    };
    document.addEventListener('visibilitychange', soft);
    window.addEventListener('focus', soft);
    window.addEventListener('online', soft);
    const timer = window.setInterval(soft, TIMINGS.sessionRefreshPeriodMs);
    return () => {
      document.removeEventListener('visibilitychange', soft);
      window.removeEventListener('focus', soft);
      window.removeEventListener('online', soft);
      window.clearInterval(timer);
    };
  }, []);
}
