import { Link } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
import { useSession } from '../session/use-session.ts';
import { storeCookieChoice, useCookieChoice } from './cookie-consent.ts';

/**
 * Spec doc 2 §2: shown to signed-out visitors with no stored choice. Not modal: a small card that leaves
 * the page usable; the choice is stored under `cookie_consent`.
 */
export function CookieBanner() {
  const { status } = useSession();
  const choice = useCookieChoice();
  if (status !== 'guest' || choice !== null) return null;
  return <Banner />;
}

/**
 * While it shows, the page reserves its height at the bottom (--cookie-space), so the end of any page —
 * the sign-in and sign-up buttons on a phone — can be scrolled above it, never under it (issue 25).
 */
function Banner() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const reserve = () => root.style.setProperty('--cookie-space', `${el.offsetHeight + 24}px`);
    reserve();
    const watch = new ResizeObserver(reserve);
    watch.observe(el);
    return () => {
      watch.disconnect();
      root.style.removeProperty('--cookie-space');
    };
  }, []);
  return (
    <section ref={ref} className="cookie-banner" aria-labelledby="cookie-banner-title">
      <h2 id="cookie-banner-title">Cookie-uri</h2>
      <p>
        Folosim doar stocarea locală necesară ca aplicația să funcționeze, inclusiv offline. Nu avem trackere
        de la terți. Detalii în <Link to="/cookie">Politica de cookie-uri</Link>.
      </p>
      <div className="cookie-actions">
        <button type="button" className="btn btn-outline" onClick={() => storeCookieChoice('rejected')}>
          Refuză tot
        </button>
        <button type="button" className="btn btn-primary" onClick={() => storeCookieChoice('accepted')}>
          Acceptă tot
        </button>
      </div>
    </section>
  );
}
