import { Link } from '@tanstack/react-router';
import { DeviceStorageTable } from './DeviceStorageTable.tsx';
import { LEGAL } from './legal-facts.ts';
import { LegalSection, StaticPage } from './StaticPage.tsx';

export function CookiePolicyPage() {
  return (
    <StaticPage
      title="Politica de cookie-uri"
      updated={LEGAL.cookiesUpdated}
      lead="Hobbiz nu folosește cookie-uri de publicitate, de analiză sau de la terți. Păstrăm în browser doar ce este necesar ca aplicația să funcționeze, inclusiv fără internet."
    >
      <LegalSection id="ce-sunt" title="1. Ce sunt cookie-urile și tehnologiile similare">
        <p>
          Cookie-urile sunt fișiere mici pe care un site le lasă în browser. Tehnologii similare sunt
          localStorage, IndexedDB și memoria cache a unui service worker. Hobbiz folosește doar aceste
          tehnologii similare, pentru funcții pe care le ceri tu.
        </p>
      </LegalSection>
      <LegalSection id="necesare" title="2. Ce păstrăm și de ce">
        <p>În localStorage:</p>
        <DeviceStorageTable />
        <p>
          În IndexedDB păstrăm copia offline a anunțurilor, profilurilor și recenziilor publice, iar după
          autentificare și favoritele, ciorna anunțului, conversațiile, mesajele și notificările tale, separat
          pentru fiecare cont. Service worker-ul păstrează fișierele aplicației și imaginile deja văzute, ca
          paginile să se deschidă și fără semnal.
        </p>
      </LegalSection>
      <LegalSection id="alegerea" title="3. Alegerea ta">
        <p>
          Bannerul „Acceptă tot” / „Refuză tot” apare vizitatorilor neautentificați care nu au ales încă.
          Pentru că nu avem cookie-uri opționale, aplicația funcționează la fel în ambele cazuri; păstrăm doar
          alegerea ta, ca să nu te mai întrebăm. Dacă vom adăuga vreodată ceva opțional, îl vom activa numai
          după acordul tău.
        </p>
      </LegalSection>
      <LegalSection id="stergere" title="4. Cum ștergi aceste date">
        <p>
          „Deconectează-te” șterge tokenul și datele contului din localStorage. Toate datele site-ului
          (inclusiv IndexedDB și cache-ul) le poți șterge din setările browserului, la „Date de site” sau
          „Cookie-uri și date de site”. După ștergere, aplicația descarcă din nou ce are nevoie.
        </p>
      </LegalSection>
      <LegalSection id="mai-mult" title="5. Mai multe informații">
        <p>
          Citește și <Link to="/confidentialitate">Politica de Confidențialitate</Link> sau scrie-ne la{' '}
          <a href={`mailto:${LEGAL.privacyEmail}`}>{LEGAL.privacyEmail}</a>.
        </p>
      </LegalSection>
    </StaticPage>
  );
}
