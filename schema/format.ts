import { COUNTRY_WIDE, LIMITS } from './constants.ts';

/** Display formatting shared by every page. Formatters are built once: constructing Intl objects is slow. */

const dateFormatter = new Intl.DateTimeFormat('ro-RO', { day: '2-digit', month: 'long', year: 'numeric' });
const numberFormatter = new Intl.NumberFormat('ro-RO', { maximumFractionDigits: 0 });

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const ONLINE_MS = 5 * MINUTE_MS;
const RECENT_DAYS = 7;

/** '05 septembrie 2025'; '' for a value that is not a date. */
export function formatDate(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormatter.format(date);
}

/** Count shown on a header badge: nothing for 0, '99+' above the cap. */
export function badgeText(n: number): string {
  if (!(n > 0)) return '';
  return n > LIMITS.badgeCap ? `${LIMITS.badgeCap}+` : String(Math.floor(n));
}

/**
 * Romanian noun agreement with a number: 1 minut, 2–19 minute, 20 de minute, 101 minute, 120 de minute.
 * Numbers whose last two digits are 01–19 (and 0) take the plain plural; the rest take 'de'.
 */
export function pluralRo(n: number, one: string, few: string, many: string): string {
  if (n === 1) return `${n} ${one}`;
  const rest = Math.abs(n) % 100;
  // ro-RO groups thousands with a dot: '1.000 de anunțuri'.
  return `${roNumber.format(n)} ${n === 0 || (rest >= 1 && rest <= 19) ? few : many}`;
}
const roNumber = new Intl.NumberFormat('ro-RO');

/** A count of reviews in Romanian: 'nu există recenzii', '1 recenzie', '2 recenzii', '20 de recenzii'. */
export function reviewCountText(n: number): string {
  return n === 0 ? 'nu există recenzii' : pluralRo(n, 'recenzie', 'recenzii', 'de recenzii');
}

/** A count of messages in Romanian: '1 mesaj', '5 mesaje', '20 de mesaje'. */
export function messageCountText(n: number): string {
  return pluralRo(n, 'mesaj', 'mesaje', 'de mesaje');
}

/** Last-activity wording of a public profile (spec doc 1 §9). */
export function lastSeenText(iso: string, now: Date = new Date()): string {
  const seen = new Date(iso);
  if (Number.isNaN(seen.getTime())) return '';
  const elapsed = now.getTime() - seen.getTime();
  if (elapsed < ONLINE_MS) return 'Online acum';
  if (elapsed < HOUR_MS)
    return `Activ acum ${pluralRo(Math.floor(elapsed / MINUTE_MS), 'minut', 'minute', 'de minute')}`;
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return hours === 1 ? 'Activ acum o oră' : `Activ acum ${pluralRo(hours, 'oră', 'ore', 'de ore')}`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  if (days === 1) return 'Activ ieri';
  if (days < RECENT_DAYS) return `Activ acum ${pluralRo(days, 'zi', 'zile', 'de zile')}`;
  return `Activ la ${formatDate(seen)}`;
}

/** The last n characters of an id, as shown on cards (9) and on the detail page (8). */
export function idTail(id: string, n: number): string {
  return n > 0 ? id.slice(-n) : '';
}

/** Average review score rounded to one decimal; 0 when there are no reviews. */
export function averageStars(scores: number[]): number {
  if (scores.length === 0) return 0;
  const sum = scores.reduce((a, b) => a + b, 0);
  return Math.round((sum / scores.length) * 10) / 10;
}

/** 'Gratuit' for 0, '' when the seller gave no price, else '1.250 lei'. */
export function formatPrice(price: number | null): string {
  if (price === null) return '';
  if (price === 0) return 'Gratuit';
  return `${numberFormatter.format(price)} lei`;
}

/** Avatar fallback letters: 'Ana Popescu' → 'AP'. */
export function initials(firstName: string, lastName: string): string {
  const first = (s: string) => [...s.trim()][0] ?? '';
  return `${first(firstName)}${first(lastName)}`.toLocaleUpperCase('ro');
}

/** 'Localitate, Județ', or the county alone, or 'Toată țara'. */
export function formatLocation(location: string, localitate: string): string {
  const county = location.trim() === '' ? COUNTRY_WIDE : location.trim();
  const place = localitate.trim();
  if (place === '' || county === COUNTRY_WIDE || place === county) return county;
  return `${place}, ${county}`;
}

/** A file size as people read it, in ro-RO: '340 kB', '1,2 MB' (decimal units, one decimal for MB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(0, Math.round(bytes / 1000))} kB`;
  return `${(bytes / 1_000_000).toLocaleString('ro-RO', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}
