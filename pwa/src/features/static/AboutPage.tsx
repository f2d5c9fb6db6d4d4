import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../../schema/constants.ts';
import { FaqAccordion, type FaqEntry } from './FaqAccordion.tsx';
import { StaticPage } from './StaticPage.tsx';

const FAQ: FaqEntry[] = [
  {
    q: 'Cât costă să public un anunț?',
    a: (
      <p>
        Nimic. Crearea contului, publicarea anunțurilor, favoritele, mesajele și recenziile sunt gratuite.
        Plățile online nu sunt încă disponibile: prețul și modalitatea de plată le stabilești direct cu
        cealaltă persoană.
      </p>
    ),
  },
  {
    q: 'Ce pot vinde pe Hobbiz?',
    a: (
      <p>
        Servicii și produse care pornesc dintr-o pasiune: ședințe foto, prăjituri și torturi, meditații,
        traduceri, reparații, lecții de dans sau de muzică, obiecte lucrate de mână și multe altele. Alegi una
        dintre cele 14 categorii, adaugi un titlu clar, o descriere și până la {LIMITS.imagesMax} fotografii.
      </p>
    ),
  },
  {
    q: 'Cum iau legătura cu cineva care a publicat un anunț?',
    a: (
      <p>
        Din pagina anunțului îi poți scrie prin chat sau îl poți suna, dacă și-a lăsat numărul de telefon.
        Mesajele ajung imediat, iar cele scrise fără conexiune la internet pleacă singure când revine
        semnalul.
      </p>
    ),
  },
  {
    q: 'Funcționează aplicația și fără internet?',
    a: (
      <p>
        Da. Hobbiz se poate instala pe telefon ca aplicație și păstrează pe dispozitiv ultimele anunțuri,
        favoritele, conversațiile și ciorna anunțului tău. Poți citi, salva la favorite și scrie mesaje și
        fără semnal; tot ce faci se sincronizează automat când revii online.
      </p>
    ),
  },
];

export function AboutPage() {
  return (
    <StaticPage
      title="Despre noi"
      lead="Hobbiz este locul unde pasiunile devin o sursă de venit: pasionații își prezintă serviciile și produsele, iar cei care au nevoie de ele îi găsesc ușor, aproape de casă."
    >
      <h2>Ce ne dorim</h2>
      <p>
        Mulți oameni fac lucruri excelente în timpul liber — fotografiază, gătesc, predau, repară, cântă — dar
        nu au un loc potrivit în care să le ofere. Pe Hobbiz, oricine își poate publica gratuit anunțul, poate
        primi mesaje de la clienți și își poate construi o reputație prin recenziile celor cu care a lucrat.
      </p>
      <p>
        Aplicația este gândită pentru telefoane obișnuite și conexiuni slabe: se încarcă repede, se poate
        instala pe ecranul principal și continuă să funcționeze când semnalul dispare.
      </p>
      <h2>Întrebări frecvente</h2>
      <FaqAccordion items={FAQ} />
      <div className="static-cta">
        <Link to="/cum-functioneaza" className="btn btn-outline">
          Cum funcționează
        </Link>
        <Link to="/contact" className="btn btn-primary">
          Contactează-ne
        </Link>
      </div>
    </StaticPage>
  );
}
