import { Link } from '@tanstack/react-router';
import { Logo } from '../../ui/Logo.tsx';
import { SocialLinks } from './SocialLinks.tsx';
import { StoreBadges } from './StoreBadges.tsx';

/**
 * Site footer. From 1200 px it closes every page; under 1200 px only the home page keeps it, with the
 * extra 'Vinde' button (CSS decides both, so nothing shifts).
 */
export function SiteFooter({ home }: { home: boolean }) {
  return (
    <footer className={home ? 'site-footer site-footer--home' : 'site-footer'}>
      <div className="footer-inner">
        <div className="footer-brand">
          <Logo />
          <p>
            Descoperă, vinde și cumpără servicii sau produse create din pasiune, direct de la cei care le fac.
          </p>
          <SocialLinks />
        </div>
        <nav aria-labelledby="footer-useful">
          <h2 id="footer-useful">Linkuri utile</h2>
          <ul>
            <li>
              <Link to="/despre">Despre noi</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
            <li>
              <Link to="/cum-functioneaza">Cum funcționează</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <ul>
            <li>
              <Link to="/termeni">Termeni și condiții</Link>
            </li>
            <li>
              <Link to="/confidentialitate">Politică de Confidențialitate</Link>
            </li>
            <li>
              <Link to="/cookie">Cookie Policy</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2>Descarcă aplicația</h2>
          <StoreBadges />
        </div>
      </div>
      {home && (
        <Link to="/add-announcement" className="btn btn-primary footer-sell">
          Vinde
        </Link>
      )}
      <p className="footer-copy">© 2026 Hobbiz. Toate drepturile rezervate.</p>
    </footer>
  );
}
