import { Link } from '@tanstack/react-router';
import { LEGAL } from './legal-facts.ts';
import { StaticPage } from './StaticPage.tsx';

export function ContactPage() {
  return (
    <StaticPage
      title="Contact"
      lead={`Ne poți scrie pentru orice întrebare despre cont, anunțuri sau date personale. Răspundem în ${LEGAL.supportReplyHours} de ore.`}
    >
      <div className="contact-card">
        <h2>Suport utilizatori</h2>
        <p>
          Email: <a href={`mailto:${LEGAL.contactEmail}`}>{LEGAL.contactEmail}</a>
        </p>
        <p>
          Pentru cereri privind datele personale:{' '}
          <a href={`mailto:${LEGAL.privacyEmail}`}>{LEGAL.privacyEmail}</a> (răspuns în cel mult{' '}
          {LEGAL.dataRequestDays} de zile).
        </p>
      </div>
      <h2>Înainte să ne scrii</h2>
      <ul>
        <li>
          Ai uitat parola? Folosește <Link to="/forgot-password">Ai uitat parola?</Link> din pagina de
          autentificare.
        </li>
        <li>
          Vrei să îți schimbi emailul, parola sau să îți ștergi contul? Totul se face din{' '}
          <Link to="/setari-cont">Setări</Link>.
        </li>
        <li>
          Ai o problemă cu un anunț sau cu un utilizator? Trimite-ne adresa anunțului sau a profilului și o
          scurtă descriere.
        </li>
        <li>
          Întrebările frecvente sunt pe pagina <Link to="/despre">Despre noi</Link>.
        </li>
      </ul>
    </StaticPage>
  );
}
