import { Link } from '@tanstack/react-router';
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
  return (
    <section className="cookie-banner" aria-labelledby="cookie-banner-title">
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
