import { useCallback } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { queueFlash } from '../session/flash.ts';
import { useSession } from '../session/use-session.ts';

/**
 * 'Deconectează-te': sign out, then reload on the home page; the info message survives the reload and
 * the shell shows it for 3 s.
 */
export function useLogout(): () => Promise<void> {
  const { logout } = useSession();
  return useCallback(async () => {
    await logout();
    queueFlash({ text: 'Ai fost deconectat din cont.', kind: 'info', ms: TIMINGS.logoutMessageMs });
    window.location.assign('/');
  }, [logout]);
}
