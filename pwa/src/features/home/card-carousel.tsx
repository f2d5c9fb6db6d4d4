import { useRef } from 'react';
import { CAROUSEL_STEP_PX } from '../../../../schema/constants.ts';
import { PrevNextButtons } from '../../ui/PrevNextButtons.tsx';

const LABELS = ['Anunțurile anterioare', 'Anunțurile următoare'] as const;

/**
 * A sideways row of announcement cards ('Anunțuri populare', a profile's announcements): the track's ref
 * and its arrows, which scroll one step (smoothly unless the person asked for reduced motion).
 */
export function useCardCarousel() {
  const trackRef = useRef<HTMLUListElement>(null);
  const scroll = (direction: -1 | 1) => {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    trackRef.current?.scrollBy({ left: direction * CAROUSEL_STEP_PX, behavior: smooth ? 'smooth' : 'auto' });
  };
  const arrows = (className: string) => (
    <div className={className}>
      <PrevNextButtons labels={LABELS} onStep={scroll} />
    </div>
  );
  return { trackRef, arrows };
}
