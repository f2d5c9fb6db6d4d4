import { useCallback } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { queueFlash } from '../session/flash.ts';
import { useSession } from '../session/use-session.ts';

/**
 * 'Deconectează-te': sign out, then reload on the home page; the info message survives the reload and
 * the shell shows it for 3 s. `message` replaces the spec's text (e.g. after logging out everywhere).
 */
export function useLogout(): (message?: string) => Promise<void> {
  const { logout } = useSession();
  return useCallback(
    async (message = 'Ai fost deconectat din cont.') => {
      await logout();
      queueFlash({ text: message, kind: 'info', ms: TIMINGS.logoutMessageMs });
      window.location.assign('/');
    },
    [logout],
  );
}
