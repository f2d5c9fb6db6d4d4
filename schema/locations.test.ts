import { describe, expect, it } from 'vitest';
import { COUNTRY_WIDE } from './constants.ts';
import {
  coordinatesOf,
  countyNames,
  countyOptions,
  formatLocation,
  isValidLocation,
  LOCALITIES_ATTRIBUTION,
  localitiesOf,
} from './locations.ts';

const ro = new Intl.Collator('ro');

describe('countyNames', () => {
  it('lists 41 counties plus București in Romanian order', () => {
    const names = countyNames();
    expect(names).toHaveLength(42);
    expect(names[0]).toBe('Alba');
    expect(names).toContain('București');
    expect(names).toContain('Ilfov');
    expect([...names].sort(ro.compare)).toEqual(names);
    // 'Brașov' before 'Brăila': a < ă in Romanian.
    expect(names.indexOf('Brașov')).toBeLessThan(names.indexOf('Brăila'));
  });
});

describe('countyOptions', () => {
  it("puts 'Toată țara' first, then the counties", () => {
    const options = countyOptions();
    expect(options[0]).toBe('Toată țara');
    expect(options.slice(1)).toEqual(countyNames());
  });
});

describe('localitiesOf', () => {
  it('returns towns and communes sorted with Romanian collation', () => {
    const alba = localitiesOf('Alba');
    expect(alba).toContain('Alba Iulia'); // municipiu
    expect(alba).toContain('Abrud'); // oraș
    expect(alba).toContain('Albac'); // comună
    expect([...alba].sort(ro.compare)).toEqual(alba);
    // Ș comes after every S… name and before the first T… name.
    const firstSh = alba.findIndex((n) => n.startsWith('Ș'));
    const lastS = alba.findLastIndex((n) => n.startsWith('S'));
    const firstT = alba.findIndex((n) => n.startsWith('T'));
    expect(firstSh).toBeGreaterThan(lastS);
    expect(firstSh).toBeLessThan(firstT);
    expect(alba.indexOf('Stremț')).toBeLessThan(alba.indexOf('Șibot'));
    expect(alba.indexOf('Șugag')).toBeLessThan(alba.indexOf('Teiuș'));
    // Î sorts after I, not with the plain letters.
    expect(alba.indexOf('Ighiu')).toBeLessThan(alba.indexOf('Întregalde'));
  });

  it('has no duplicates in any county', () => {
    for (const county of countyNames()) {
      const list = localitiesOf(county);
      expect(new Set(list).size, county).toBe(list.length);
      expect(list.length, county).toBeGreaterThan(0);
    }
  });

  it('is empty for the whole country and for unknown counties', () => {
    expect(localitiesOf(COUNTRY_WIDE)).toEqual([]);
    expect(localitiesOf('Atlantida')).toEqual([]);
    expect(localitiesOf('')).toEqual([]);
  });

  it('returns a copy the caller may change', () => {
    localitiesOf('Cluj').length = 0;
    expect(localitiesOf('Cluj')).toContain('Cluj-Napoca');
  });
});

describe('isValidLocation', () => {
  it('accepts the whole country, a county, or a county with its own locality', () => {
    expect(isValidLocation(COUNTRY_WIDE, '')).toBe(true);
    expect(isValidLocation('Cluj', '')).toBe(true);
    expect(isValidLocation('Cluj', 'Cluj-Napoca')).toBe(true);
    expect(isValidLocation('Ilfov', 'Buftea')).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isValidLocation('', '')).toBe(false);
    expect(isValidLocation(COUNTRY_WIDE, 'Cluj-Napoca')).toBe(false);
    expect(isValidLocation('Cluj', 'Timișoara')).toBe(false);
    expect(isValidLocation('Atlantida', '')).toBe(false);
    expect(isValidLocation('cluj', '')).toBe(false);
  });
});

describe('coordinatesOf', () => {
  it("gives the locality's point", () => {
    expect(coordinatesOf('Alba', 'Abrud')).toEqual({ lat: 46.27406, lon: 23.06339 });
  });

  it("falls back to the county seat's point", () => {
    const seat = coordinatesOf('Alba', 'Alba Iulia');
    expect(seat).not.toBeNull();
    expect(coordinatesOf('Alba', '')).toEqual(seat);
    // Râmeț has no point in the data file.
    expect(coordinatesOf('Alba', 'Râmeț')).toEqual(seat);
    expect(coordinatesOf('Alba', 'Nicăieri')).toEqual(seat);
  });

  it('knows a seat with a point for every county', () => {
    for (const county of countyNames()) {
      const point = coordinatesOf(county, '');
      expect(point, county).not.toBeNull();
      // Inside Romania's bounding box.
      expect(point!.lat).toBeGreaterThan(43.5);
      expect(point!.lat).toBeLessThan(48.3);
      expect(point!.lon).toBeGreaterThan(20.2);
      expect(point!.lon).toBeLessThan(29.8);
    }
  });

  it('is null for the whole country and unknown counties', () => {
    expect(coordinatesOf(COUNTRY_WIDE, '')).toBeNull();
    expect(coordinatesOf('Atlantida', 'Abrud')).toBeNull();
  });
});

describe('formatLocation', () => {
  it("writes 'Localitate, Județ', the county alone, or 'Toată țara'", () => {
    expect(formatLocation('Cluj', 'Cluj-Napoca')).toBe('Cluj-Napoca, Cluj');
    expect(formatLocation('Cluj', '')).toBe('Cluj');
    expect(formatLocation(COUNTRY_WIDE, '')).toBe('Toată țara');
    expect(formatLocation('București', 'București')).toBe('București');
  });
});

describe('LOCALITIES_ATTRIBUTION', () => {
  it('credits SIRUTA and GeoNames as the licences require', () => {
    expect(LOCALITIES_ATTRIBUTION).toContain('OGL-ROU-1.0');
    expect(LOCALITIES_ATTRIBUTION).toContain('GeoNames');
  });
});
