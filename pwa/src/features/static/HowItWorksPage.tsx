import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../../schema/constants.ts';
import { HowItWorksStepper } from './HowItWorksStepper.tsx';
import { StaticPage } from './StaticPage.tsx';

const FEATURES = [
  {
    title: 'Funcționează și offline',
    text: 'Anunțurile văzute, favoritele și conversațiile rămân pe telefon. Ce faci fără semnal se trimite singur când revii online.',
  },
  {
    title: 'Chat în timp real',
    text: 'Vezi când celălalt scrie, trimiți fotografii sau documente și știi când mesajul a fost citit.',
  },
  {
    title: 'Favorite sincronizate',
    text: `Salvezi până la ${LIMITS.favoritesMax} de anunțuri și le regăsești pe orice dispozitiv pe care intri în cont.`,
  },
  {
    title: 'Recenzii reale',
    text: 'Doar utilizatorii autentificați pot lăsa recenzii, iar autorul își poate edita sau șterge oricând propria recenzie.',
  },
  {
    title: 'Locații din toată țara',
    text: 'Alegi județul și localitatea din lista oficială a unităților administrative (SIRUTA), sau „Toată țara”.',
  },
  {
    title: 'Datele tale, sub controlul tău',
    text: 'Îți schimbi parola sau emailul, ieși din cont de pe toate dispozitivele ori îți ștergi contul din Setări.',
  },
] as const;

export function HowItWorksPage() {
  return (
    <StaticPage title="Cum funcționează" lead="De la cont la primul client, în patru pași.">
      <h2>Pașii</h2>
      <HowItWorksStepper />
      <h2>Ce primești</h2>
      <ul className="feature-grid">
        {FEATURES.map((f) => (
          <li key={f.title}>
            <div className="feature-card">
              <h3>{f.title}</h3>
              <p>{f.text}</p>
            </div>
          </li>
        ))}
      </ul>
      <h2>Hobbiz în cifre</h2>
      <dl className="stats">
        <div className="stat">
          <dt>membri</dt>
          <dd>10K+</dd>
        </div>
        <div className="stat">
          <dt>conversații lunare</dt>
          <dd>2K+</dd>
        </div>
        <div className="stat">
          <dt>categorii</dt>
          <dd>50+</dd>
        </div>
      </dl>
      <div className="static-cta">
        <Link to="/signup" className="btn btn-primary">
          Creează cont
        </Link>
        <Link to="/despre" className="btn btn-outline">
          Întrebări frecvente
        </Link>
      </div>
    </StaticPage>
  );
}
