import { COUNTRY_WIDE } from './constants.ts';
import data from './data/ro-localities.json' with { type: 'json' };

/**
 * Romanian counties and their localities (towns plus communes), from SIRUTA with GeoNames points
 * (see data/README.md for sources and licences). An announcement stores the county in `location`
 * and, optionally, the town or commune in `localitate`.
 */

type Place = { name: string; lat?: number; lon?: number };
type County = { name: string; towns: readonly Place[]; communes: readonly Place[] };

const COUNTIES: readonly County[] = data.counties;

/** Required by OGL-ROU-1.0 and CC BY 4.0; shown wherever the location data is used. */
export const LOCALITIES_ATTRIBUTION: string = data.attribution;

/**
 * County seats (reședințe de județ), for the map pin when only a county was chosen. The data file does not
 * mark the seat; a test checks that each name exists among the county's towns.
 */
const COUNTY_SEATS: Readonly<Record<string, string>> = {
  Alba: 'Alba Iulia',
  Arad: 'Arad',
  Argeș: 'Pitești',
  Bacău: 'Bacău',
  Bihor: 'Oradea',
  'Bistrița-Năsăud': 'Bistrița',
  Botoșani: 'Botoșani',
  Brașov: 'Brașov',
  Brăila: 'Brăila',
  București: 'București',
  Buzău: 'Buzău',
  'Caraș-Severin': 'Reșița',
  Călărași: 'Călărași',
  Cluj: 'Cluj-Napoca',
  Constanța: 'Constanța',
  Covasna: 'Sfântu Gheorghe',
  Dâmbovița: 'Târgoviște',
  Dolj: 'Craiova',
  Galați: 'Galați',
  Giurgiu: 'Giurgiu',
  Gorj: 'Târgu Jiu',
  Harghita: 'Miercurea Ciuc',
  Hunedoara: 'Deva',
  Ialomița: 'Slobozia',
  Iași: 'Iași',
  Ilfov: 'Buftea',
  Maramureș: 'Baia Mare',
  Mehedinți: 'Drobeta-Turnu Severin',
  Mureș: 'Târgu Mureș',
  Neamț: 'Piatra-Neamț',
  Olt: 'Slatina',
  Prahova: 'Ploiești',
  'Satu Mare': 'Satu Mare',
  Sălaj: 'Zalău',
  Sibiu: 'Sibiu',
  Suceava: 'Suceava',
  Teleorman: 'Alexandria',
  Timiș: 'Timișoara',
  Tulcea: 'Tulcea',
  Vaslui: 'Vaslui',
  Vâlcea: 'Râmnicu Vâlcea',
  Vrancea: 'Focșani',
};

const collator = new Intl.Collator('ro');
const byName = new Map<string, County>(COUNTIES.map((c) => [c.name, c]));
/** Sorted, de-duplicated locality lists, built on first use of each county. */
const sortedCache = new Map<string, readonly string[]>();

function countyOf(name: string): County | undefined {
  return name === COUNTRY_WIDE ? undefined : byName.get(name);
}

function findPlace(county: County, name: string): Place | undefined {
  return county.towns.find((p) => p.name === name) ?? county.communes.find((p) => p.name === name);
}

function pointOf(place: Place | undefined): { lat: number; lon: number } | null {
  return place?.lat !== undefined && place.lon !== undefined ? { lat: place.lat, lon: place.lon } : null;
}

/** The 42 county-level entries (41 counties and București), in the file's Romanian order. */
export function countyNames(): string[] {
  return COUNTIES.map((c) => c.name);
}

/** Towns and communes of a county in Romanian alphabetical order; [] for 'Toată țara' or an unknown name. */
export function localitiesOf(county: string): string[] {
  const c = countyOf(county);
  if (!c) return [];
  let list = sortedCache.get(c.name);
  if (!list) {
    const names = new Set([...c.towns, ...c.communes].map((p) => p.name));
    list = [...names].sort(collator.compare);
    sortedCache.set(c.name, list);
  }
  return [...list];
}

/** A town or city (oraș, municipiu) of the county, as opposed to a commune. */
export function isTown(county: string, name: string): boolean {
  return countyOf(county)?.towns.some((p) => p.name === name) ?? false;
}

/** The county picker's options: 'Toată țara' first, then the counties. */
export function countyOptions(): string[] {
  return [COUNTRY_WIDE, ...countyNames()];
}

/** Accepts the whole country, a county alone, or a county with one of its own localities. */
export function isValidLocation(location: string, localitate: string): boolean {
  if (location === COUNTRY_WIDE) return localitate === '';
  const c = countyOf(location);
  if (!c) return false;
  return localitate === '' || findPlace(c, localitate) !== undefined;
}

/** A point for the map: the locality's, else the county seat's, else null (whole country, unknown place). */
export function coordinatesOf(county: string, localitate: string): { lat: number; lon: number } | null {
  const c = countyOf(county);
  if (!c) return null;
  const own = localitate === '' ? null : pointOf(findPlace(c, localitate));
  if (own) return own;
  const seat = COUNTY_SEATS[c.name];
  return seat === undefined ? null : pointOf(findPlace(c, seat));
}

export { formatLocation } from './format.ts';
