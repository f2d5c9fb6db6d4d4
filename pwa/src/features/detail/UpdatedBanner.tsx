import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { CloseIcon } from '../../ui/icons.tsx';

type Phase = 'shown' | 'leaving' | 'gone';

/**
 * 'Anunț actualizat' after an edit: visible 6 s, then it leaves (450 ms exit); the close button starts the
 * exit at once. The page removes `updated=1` from the URL, so a reload does not show it again.
 */
export function UpdatedBanner() {
  const [phase, setPhase] = useState<Phase>('shown');
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const leave = () => {
    setPhase((p) => (p === 'shown' ? 'leaving' : p));
    if (leaveTimer.current) return;
    leaveTimer.current = setTimeout(() => setPhase('gone'), TIMINGS.updatedBannerExitMs);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer for the banner's life
  useEffect(() => {
    const t = setTimeout(leave, TIMINGS.updatedBannerMs);
    return () => {
      clearTimeout(t);
      if (leaveTimer.current) clearTimeout(leaveTimer.current);
    };
  }, []);

  if (phase === 'gone') return null;
  return (
    <div className={phase === 'leaving' ? 'upd-banner is-leaving' : 'upd-banner'} role="status">
      <div>
        <strong>Anunț actualizat</strong>
        <p>Modificările au fost salvate și sunt vizibile public.</p>
      </div>
      <button type="button" className="icon-btn" aria-label="Închide mesajul" onClick={leave}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
