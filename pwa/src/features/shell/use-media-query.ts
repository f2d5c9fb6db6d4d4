import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept current. The prerendered page (no window) and its hydration
 * assume a phone-first `false`; the real answer follows right after.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
