import { SESSION_TTL_MS, STORAGE_KEYS } from '../../../../schema/constants.ts';
import { pluralRo } from '../../../../schema/format.ts';

const SESSION_DAYS = pluralRo(SESSION_TTL_MS / 86_400_000, 'zi', 'zile', 'de zile');

const ROWS = [
  [
    STORAGE_KEYS.token,
    'Tokenul sesiunii tale, trimis cu fiecare cerere ca să știm că ești autentificat.',
    `Până la deconectare sau expirarea sesiunii (${SESSION_DAYS})`,
  ],
  [
    STORAGE_KEYS.userId,
    'Identificatorul contului, ca aplicația să deschidă datele tale offline.',
    'Până la deconectare',
  ],
  [
    STORAGE_KEYS.lastAvatarUrl,
    'Adresa ultimei tale fotografii de profil, afișată în meniu.',
    'Până la deconectare',
  ],
  [STORAGE_KEYS.darkMode, 'Preferința pentru modul întunecat.', 'Până o schimbi sau ștergi datele site-ului'],
  [
    STORAGE_KEYS.cookieConsent,
    'Alegerea ta din bannerul de cookie-uri („accepted” sau „rejected”).',
    'Până ștergi datele site-ului',
  ],
  [
    STORAGE_KEYS.guestFavorites,
    'Favoritele salvate fără cont, pe care ți le propunem în cont după autentificare.',
    'Până le adaugi în cont sau renunți la ele',
  ],
] as const;

/** What the app keeps in the browser's localStorage, key by key (shown on the cookie and privacy pages). */
export function DeviceStorageTable() {
  return (
    <div className="table-scroll">
      <table className="legal-table" aria-label="Date păstrate în localStorage">
        <thead>
          <tr>
            <th scope="col">Cheie</th>
            <th scope="col">La ce folosește</th>
            <th scope="col">Cât timp</th>
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([key, what, until]) => (
            <tr key={key}>
              <td>
                <code>{key}</code>
              </td>
              <td>{what}</td>
              <td>{until}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
