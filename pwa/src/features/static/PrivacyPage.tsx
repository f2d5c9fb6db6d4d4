import { Link } from '@tanstack/react-router';
import { DeviceStorageTable } from './DeviceStorageTable.tsx';
import { LEGAL } from './legal-facts.ts';
import { LegalSection, StaticPage } from './StaticPage.tsx';

export function PrivacyPage() {
  return (
    <StaticPage
      title="Politică de Confidențialitate"
      updated={LEGAL.privacyUpdated}
      lead="Pe scurt: colectăm doar ce trebuie ca să funcționeze anunțurile, mesajele și recenziile, nu vindem datele nimănui și nu folosim trackere de la terți."
    >
      <LegalSection id="cine" title="1. Cine suntem">
        <p>
          Hobbiz este o platformă de anunțuri pentru servicii și produse oferite de pasionați. Noi stabilim
          cum și de ce sunt prelucrate datele descrise aici și suntem operatorul lor în sensul Regulamentului
          (UE) 2016/679 (GDPR). Ne poți scrie oricând la{' '}
          <a href={`mailto:${LEGAL.privacyEmail}`}>{LEGAL.privacyEmail}</a>.
        </p>
      </LegalSection>
      <LegalSection id="date" title="2. Ce date prelucrăm">
        <ul>
          <li>
            <strong>Datele contului:</strong> prenume, nume, adresa de email, parola (păstrată doar ca
            amprentă scrypt, niciodată în clar), opțional numărul de telefon, localitatea și fotografia de
            profil.
          </li>
          <li>
            <strong>Anunțurile:</strong> titlul, descrierea, categoria, locația, prețul, datele de contact pe
            care alegi să le afișezi și fotografiile. Fotografiile sunt recodificate la încărcare, iar
            metadatele lor (inclusiv coordonatele GPS) sunt eliminate.
          </li>
          <li>
            <strong>Activitatea în aplicație:</strong> favoritele, conversațiile și fișierele trimise prin
            chat, notificările, recenziile scrise și aprecierile lor, data ultimei activități.
          </li>
          <li>
            <strong>Date tehnice:</strong> sesiunile active (păstrăm doar o amprentă a tokenului) și, pentru
            scurt timp, adresa IP a încercărilor de autentificare eșuate, ca să oprim ghicirea parolelor.
          </li>
        </ul>
      </LegalSection>
      <LegalSection id="scop" title="3. De ce le folosim">
        <p>
          Folosim datele pentru a-ți oferi serviciul pe care l-ai cerut (contul, publicarea anunțurilor,
          mesajele, favoritele, recenziile) — temeiul este executarea contractului — și pentru securitatea
          platformei, în interesul nostru legitim. Nu facem profilare, nu afișăm reclame și nu trimitem mesaje
          de marketing.
        </p>
      </LegalSection>
      <LegalSection id="public" title="4. Ce văd ceilalți utilizatori">
        <p>
          Profilul public arată numele, fotografia, localitatea, data înscrierii, ultima activitate,
          anunțurile și recenziile primite. Emailul și telefonul din cont nu sunt publice; apar pe un anunț
          doar datele de contact pe care le completezi chiar în acel anunț.
        </p>
      </LegalSection>
      <LegalSection id="dispozitiv" title="5. Ce păstrăm pe dispozitivul tău">
        <p>
          Ca aplicația să meargă și fără internet, păstrăm în browser o copie a datelor de care ai nevoie:
          anunțurile publice, profilurile și recenziile, iar după autentificare și favoritele, ciorna
          anunțului, conversațiile, mesajele și notificările tale. Copia stă în IndexedDB, într-o bază de date
          separată pentru fiecare persoană care intră în cont pe acel dispozitiv. Aplicația și imaginile
          vizualizate sunt păstrate și în memoria cache a service worker-ului. În localStorage păstrăm doar:
        </p>
        <DeviceStorageTable />
        <p>
          Detalii în <Link to="/cookie">Politica de cookie-uri</Link>.
        </p>
      </LegalSection>
      <LegalSection id="terti" title="6. Cu cine împărțim datele">
        <p>
          Nu vindem și nu închiriem date personale. Nu folosim servicii de analiză, rețele de publicitate sau
          alte trackere de la terți. Datele sunt stocate pe serverele Hobbiz; le putem divulga doar
          autorităților, atunci când legea ne obligă. Dacă alegi autentificarea printr-un cont social, primim
          de la acel furnizor numele, adresa de email și, eventual, fotografia de profil.
        </p>
      </LegalSection>
      <LegalSection id="pastrare" title="7. Cât timp păstrăm datele">
        <p>
          Cât timp ai cont. Când îți ștergi contul din <Link to="/setari-cont">Setări</Link>, ștergem
          profilul, anunțurile cu fotografiile lor, favoritele și sesiunile, iar adresa de email devine
          liberă. Pentru ca dispozitivele să afle de ștergere, păstrăm un marcaj fără conținut timp de cel
          mult 90 de zile.
        </p>
      </LegalSection>
      <LegalSection id="drepturi" title="8. Drepturile tale">
        <p>
          Ai dreptul de acces, de rectificare, de ștergere, de restricționare, de opoziție și dreptul la
          portabilitatea datelor. Multe le poți exercita singur: îți modifici datele din{' '}
          <Link to="/profil">Profil</Link>, iar emailul, parola și contul din Setări. Pentru orice altă cerere
          scrie-ne; răspundem în cel mult {LEGAL.dataRequestDays} de zile. Poți depune și plângere la
          Autoritatea Națională de Supraveghere a Prelucrării Datelor cu Caracter Personal (ANSPDCP).
        </p>
      </LegalSection>
      <LegalSection id="securitate" title="9. Securitate">
        <p>
          Parolele sunt păstrate doar ca amprente scrypt, tokenurile de sesiune doar ca amprente, iar o
          schimbare de parolă deconectează celelalte dispozitive. Dacă apare totuși un incident care îți poate
          afecta datele, anunțăm autoritatea în cel mult {LEGAL.incidentNoticeHours} de ore și te informăm și
          pe tine fără întârziere.
        </p>
      </LegalSection>
      <LegalSection id="varsta" title="10. Vârsta minimă">
        <p>
          Hobbiz este destinat persoanelor de cel puțin {LEGAL.minimumAge} ani. Nu creăm cu bună știință
          conturi pentru minori.
        </p>
      </LegalSection>
    </StaticPage>
  );
}
