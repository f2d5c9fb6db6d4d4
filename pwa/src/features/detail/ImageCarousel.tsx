import { useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { imageSrcSet, imageVariant } from '../../../../schema/images.ts';
import { PrevNextButtons } from '../../ui/PrevNextButtons.tsx';

type Props = { images: string[]; title: string; onOpen: (index: number) => void };

/**
 * Photos of the announcement, one at a time, with 'i / n' and wrap-around. A change fades the picture out,
 * swaps it after 200 ms and fades it back in (spec doc 2 §4). A click opens the zoom viewer.
 */
export function ImageCarousel({ images, title, onOpen }: Props) {
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const n = images.length;

  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);
  // A new set of photos (the announcement was edited) starts again from the cover.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the photos change
  useEffect(() => setIndex(0), [images.join('\n')]);

  // Clicks during a fade add up (two quick 'previous' clicks move back two photos).
  const pending = useRef(0);
  const go = (step: 1 | -1) => {
    if (n < 2) return;
    pending.current += step;
    if (timer.current) return;
    setFading(true);
    timer.current = setTimeout(() => {
      const move = pending.current;
      pending.current = 0;
      timer.current = null;
      setIndex((i) => (((i + move) % n) + n) % n);
      setFading(false);
    }, TIMINGS.carouselFadeMs);
  };

  if (n === 0) {
    return (
      <div className="dcar dcar--empty">
        <span>Fără imagine</span>
      </div>
    );
  }
  const current = images[Math.min(index, n - 1)]!;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a carousel region, not a form group
    <div
      className="dcar"
      role="group"
      aria-roledescription="carusel"
      aria-label={`Fotografiile anunțului: ${title}`}
    >
      <button
        type="button"
        className="dcar-open"
        onClick={() => onOpen(index)}
        aria-label={`Mărește fotografia ${index + 1} din ${n}`}
      >
        <img
          className={fading ? 'dcar-img is-fading' : 'dcar-img'}
          src={imageVariant(current, 640)}
          srcSet={imageSrcSet(current) || undefined}
          sizes="(max-width: 900px) 100vw, 720px"
          width={640}
          height={480}
          alt={`${title} — fotografia ${index + 1}`}
        />
      </button>
      {n > 1 && (
        <PrevNextButtons
          labels={['Fotografia anterioară', 'Fotografia următoare']}
          classes={['dcar-nav dcar-prev', 'dcar-nav dcar-next']}
          size={24}
          onStep={go}
        />
      )}
      <span className="dcar-count" aria-live="polite">
        {index + 1} / {n}
      </span>
    </div>
  );
}
