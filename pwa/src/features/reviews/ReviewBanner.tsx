import { useEffect, useState } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { REVIEW_MESSAGES } from '../../../../schema/rules/reviews.ts';

/**
 * 'Recenzia a fost publicată. Mulțumim pentru feedback!' — shown for 4 s, then a 420 ms fade-out, then
 * `onDone` (the page drops the ?recenzie=1 flag, so a reload does not show it again).
 */
export function ReviewBanner({ onDone }: { onDone: () => void }) {
  const [phase, setPhase] = useState<'shown' | 'leaving'>('shown');
  useEffect(() => {
    const leave = window.setTimeout(() => setPhase('leaving'), TIMINGS.reviewBannerMs);
    const done = window.setTimeout(onDone, TIMINGS.reviewBannerMs + TIMINGS.reviewBannerLeaveMs);
    return () => {
      window.clearTimeout(leave);
      window.clearTimeout(done);
    };
  }, [onDone]);
  return (
    <p
      className={
        phase === 'leaving'
          ? 'notice notice--success review-banner is-leaving'
          : 'notice notice--success review-banner'
      }
      role="status"
      style={{ transitionDuration: `${TIMINGS.reviewBannerLeaveMs}ms` }}
    >
      {REVIEW_MESSAGES.posted}
    </p>
  );
}
