import { COUNTRY_WIDE } from './constants.ts';
import { countyNames, isTown, localitiesOf } from './locations.ts';
import { words } from './search.ts';

/**
 * Place names as people and other clients type them — no diacritics or case, 'Pitești' for Argeș,
 * 'Pitești, Argeș' as formatLocation writes it — resolved to the stored county and locality. One rule for
 * the search's `judet` and for the publish/edit payload's `location` (issue 12 item 17).
 *
 * A locality name found in several counties: when exactly one of them is a town (oraș, municipiu), that
 * town is meant ('Slobozia' is the Ialomița city, not the communes of Argeș and Giurgiu: 44 such names);
 * otherwise the name is ambiguous (222 names, e.g. 'Florești' in Cluj, Mehedinți and Prahova) and the
 * caller answers an error listing the counties.
 */

/** Loose comparison key of a name: words without diacritics or case ('Bistrița-Năsăud' = 'bistrita nasaud'). */
export const placeKey = (s: string) => words(s).join(' ');

type Named = { county: string; name: string };
let countyByKey: Map<string, string> | undefined;
let countiesOfLocality: Map<string, Named[]> | undefined;
/** Built on first use: ~3,000 localities of 42 counties. */
function placeIndex() {
  if (!countyByKey || !countiesOfLocality) {
    countyByKey = new Map(countyNames().map((c) => [placeKey(c), c]));
    countiesOfLocality = new Map();
    for (const county of countyNames()) {
      for (const name of localitiesOf(county)) {
        const k = placeKey(name);
        const list = countiesOfLocality.get(k) ?? [];
        list.push({ county, name });
        countiesOfLocality.set(k, list);
      }
    }
  }
  return { countyByKey, countiesOfLocality };
}

/** The county a name means loosely ('bistrita nasaud'), or undefined. */
export function countyNamed(name: string): string | undefined {
  return placeIndex().countyByKey.get(placeKey(name));
}

/** The locality of `county` whose name matches `name` loosely (no two in a county fold alike). */
export function localityIn(county: string, name: string): string | undefined {
  return placeIndex()
    .countiesOfLocality.get(placeKey(name))
    ?.find((p) => p.county === county)?.name;
}

/** A locality name found in several counties, none of them the one town: the county must be given too. */
export const ambiguousPlaceMessage = (name: string, counties: string[]) =>
  `Localitatea „${name}” există în mai multe județe (${counties.join(', ')}): alege și județul.`;

export type ResolvedPlace =
  | { kind: 'country' }
  | { kind: 'place'; county: string; localitate: string }
  | { kind: 'ambiguous'; name: string; counties: string[] }
  | { kind: 'unknown' };

/**
 * One typed place: 'Toată țara', a county, 'Locality, County', or a locality alone (its county found
 * from the list; see the rule for names found in several counties above).
 */
export function resolvePlaceName(raw: string): ResolvedPlace {
  if (placeKey(raw) === placeKey(COUNTRY_WIDE)) return { kind: 'country' };
  const county = countyNamed(raw);
  if (county) return { kind: 'place', county, localitate: '' };
  const comma = raw.lastIndexOf(',');
  const pairCounty = comma > 0 ? countyNamed(raw.slice(comma + 1)) : undefined;
  const pairPlace = pairCounty ? localityIn(pairCounty, raw.slice(0, comma)) : undefined;
  if (pairCounty && pairPlace) return { kind: 'place', county: pairCounty, localitate: pairPlace };
  const found = placeIndex().countiesOfLocality.get(placeKey(raw));
  if (!found) return { kind: 'unknown' };
  const towns = found.filter((p) => isTown(p.county, p.name));
  const only = found.length === 1 ? found[0] : towns.length === 1 ? towns[0] : undefined;
  if (only) return { kind: 'place', county: only.county, localitate: only.name };
  return { kind: 'ambiguous', name: found[0]!.name, counties: found.map((p) => p.county) };
}
