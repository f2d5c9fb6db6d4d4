import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../../schema/constants.ts';
import { LEGAL, SIRUTA_ATTRIBUTION } from './legal-facts.ts';
import { LegalSection, StaticPage } from './StaticPage.tsx';

const MB = LIMITS.imageMaxBytes / (1024 * 1024);

export function TermsPage() {
  return (
    <StaticPage
      title="Termeni și condiții"
      updated={LEGAL.termsUpdated}
      lead="Acești termeni se aplică oricui folosește Hobbiz. Creându-ți un cont, îi accepți."
    >
      <LegalSection id="serviciul" title="1. Serviciul">
        <p>
          Hobbiz pune în legătură persoane care oferă servicii sau produse create din pasiune cu persoane
          interesate de ele. Nu suntem parte la înțelegerile dintre utilizatori: prețul, livrarea, plata și
          calitatea sunt stabilite și asumate direct de cei care se înțeleg. Plățile prin platformă nu sunt
          încă disponibile.
        </p>
      </LegalSection>
      <LegalSection id="cont" title="2. Contul">
        <ul>
          <li>Trebuie să ai cel puțin {LEGAL.minimumAge} ani ca să îți creezi un cont.</li>
          <li>Datele din cont trebuie să fie reale, iar parola trebuie păstrată secretă.</li>
          <li>
            Poți ieși din cont de pe toate dispozitivele și îți poți șterge contul oricând, din{' '}
            <Link to="/setari-cont">Setări</Link>. Ștergerea este ireversibilă și elimină toate anunțurile
            tale.
          </li>
        </ul>
      </LegalSection>
      <LegalSection id="anunturi" title="3. Anunțurile">
        <ul>
          <li>
            Titlul are între {LIMITS.titleMin} și {LIMITS.titleMax} de caractere, descrierea între{' '}
            {LIMITS.descriptionMin} și {LIMITS.descriptionMax} de caractere, iar un anunț poate avea cel mult{' '}
            {LIMITS.imagesMax} fotografii JPEG, fiecare mai mică de {MB} MB.
          </li>
          <li>
            Anunțul descrie ceva ce oferi chiar tu, în categoria potrivită, cu date de contact la care poți fi
            găsit.
          </li>
          <li>
            Nu sunt permise: bunuri sau servicii ilegale, conținut înșelător, ofensator sau care încalcă
            drepturile altcuiva (de exemplu fotografii care nu îți aparțin), anunțuri duplicate și mesaje
            nesolicitate în masă.
          </li>
          <li>
            Poți edita, dezactiva, reactualiza sau șterge oricând anunțurile tale din „Anunțurile mele”. Putem
            elimina anunțurile care încalcă acești termeni.
          </li>
        </ul>
      </LegalSection>
      <LegalSection id="recenzii" title="4. Mesaje și recenzii">
        <p>
          Recenziile trebuie să descrie o experiență reală cu persoana evaluată. Nu te poți evalua singur și
          poți lăsa o singură recenzie fiecărui utilizator; o poți edita sau șterge ulterior. Mesajele din
          chat sunt private între cei doi participanți.
        </p>
      </LegalSection>
      <LegalSection id="continut" title="5. Conținutul tău">
        <p>
          Textele și fotografiile rămân ale tale. Publicându-le, ne permiți să le stocăm, să le redimensionăm
          și să le afișăm pe Hobbiz cât timp sunt publicate.
        </p>
      </LegalSection>
      <LegalSection id="raspundere" title="6. Răspundere">
        <p>
          Facem tot ce putem ca serviciul să fie disponibil și datele să nu se piardă, dar nu garantăm
          funcționarea fără întreruperi. Nu răspundem pentru înțelegerile dintre utilizatori și nici pentru
          conținutul publicat de aceștia.
        </p>
      </LegalSection>
      <LegalSection id="modificari" title="7. Modificări și contact">
        <p>
          Dacă schimbăm acești termeni, actualizăm data de mai sus. Pentru întrebări sau pentru a semnala un
          anunț, scrie-ne la <a href={`mailto:${LEGAL.contactEmail}`}>{LEGAL.contactEmail}</a>; răspundem în{' '}
          {LEGAL.supportReplyHours} de ore. Datele personale sunt prelucrate conform{' '}
          <Link to="/confidentialitate">Politicii de Confidențialitate</Link>.
        </p>
      </LegalSection>
      <LegalSection id="surse" title="8. Surse de date">
        <p>{SIRUTA_ATTRIBUTION}</p>
      </LegalSection>
    </StaticPage>
  );
}
