import { Link, useRouterState } from '@tanstack/react-router';
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
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (status !== 'guest' || choice !== null) return null;
  const inline = IN_PAGE_PATHS.includes(pathname);
  return <Banner key={inline ? 'in-page' : 'floating'} inPage={inline} />;
}

/**
 * Pages that are one form ending in its button. On a phone (375×812) the floating card sat on
 * 'Autentifică-te' and on half of 'Creează cont' at first paint (issue 45, item 9): there the card is
 * part of the page, after the form, so the button is seen and tapped without scrolling. From 1200 px it
 * floats in its corner, beside the form.
 */
export const IN_PAGE_PATHS: readonly string[] = ['/login', '/signup', '/forgot-password'];

/**
 * While it floats, the page reserves its height at the bottom (--cookie-space), so the end of any page
 * can be scrolled above it, never under it (issue 25). In the page's flow it takes its own room.
 */
function Banner({ inPage }: { inPage: boolean }) {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const reserve = () => {
      if (getComputedStyle(el).position === 'fixed') {
        root.style.setProperty('--cookie-space', `${el.offsetHeight + 24}px`);
      } else root.style.removeProperty('--cookie-space');
    };
    reserve();
    const watch = new ResizeObserver(reserve);
    watch.observe(el);
    return () => {
      watch.disconnect();
      root.style.removeProperty('--cookie-space');
    };
  }, []);
  return (
    <section
      ref={ref}
      className={inPage ? 'cookie-banner cookie-banner--in-page' : 'cookie-banner'}
      aria-labelledby="cookie-banner-title"
    >
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
