import { Link } from '@tanstack/react-router';
import { StaticPage } from './StaticPage.tsx';

/** /plati: there are no payments through Hobbiz yet; the page says so and what will come. */
export function PaymentsPage() {
  return (
    <StaticPage
      title="Plăți"
      lead="Deocamdată Hobbiz nu procesează plăți: tot ce faci pe platformă este gratuit, iar plata pentru un serviciu sau un produs o stabilești direct cu cealaltă persoană."
    >
      <h2>Ce vei găsi aici</h2>
      <ul>
        <li>plata online, cu cardul, pentru serviciile și produsele din anunțuri;</li>
        <li>istoricul plăților făcute și primite, cu starea fiecăreia;</li>
        <li>facturile, generate din datele de facturare salvate în cont;</li>
        <li>opțiuni de promovare a anunțurilor, ca să apară mai sus în liste.</li>
      </ul>
      <p>
        Până atunci, nu salvăm date de card și nu îți cerem bani. Dacă cineva îți cere o plată „prin Hobbiz”,
        nu este de la noi: anunță-ne pe pagina de <Link to="/contact">contact</Link>.
      </p>
    </StaticPage>
  );
}
