import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../../schema/format.ts';
import { useSession } from '../session/use-session.ts';
import { StaticPage } from './StaticPage.tsx';

/** /contul-tau: a summary of the account today, and what the page will hold once payments exist. */
export function YourAccountPage() {
  const { user } = useSession();
  return (
    <StaticPage title="Contul tău" lead="Un rezumat al contului și scurtături către tot ce poți face cu el.">
      {user && (
        <div className="contact-card">
          <p>
            <strong>
              {user.firstName} {user.lastName}
            </strong>
          </p>
          <p>{user.email}</p>
          <p className="muted">Membru din {formatDate(user.createdAt)}</p>
        </div>
      )}
      <h2>Scurtături</h2>
      <ul>
        <li>
          <Link to="/profil">Profil</Link> — fotografia, numele, localitatea și telefonul.
        </li>
        <li>
          <Link to="/anunturile-mele">Anunțurile mele</Link> — editează, reactualizează sau dezactivează.
        </li>
        <li>
          <Link to="/setari-cont">Setări</Link> — parola, emailul, notificările și ștergerea contului.
        </li>
      </ul>
      <h2>În curând</h2>
      <p>
        Când vor fi disponibile plățile prin Hobbiz, aici vei vedea tipul contului, soldul, datele de
        facturare și facturile. Până atunci, toate funcțiile sunt gratuite. Detalii pe pagina{' '}
        <Link to="/plati">Plăți</Link>.
      </p>
    </StaticPage>
  );
}
