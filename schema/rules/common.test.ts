import { describe, expect, it } from 'vitest';
import { charCount, isEmail, isPhone, normalizePhone, toTrimmedString } from './common.ts';

describe('common rule helpers', () => {
  it('recognises emails loosely', () => {
    expect(isEmail('ana@example.ro')).toBe(true);
    expect(isEmail('ana@example')).toBe(false);
    expect(isEmail('ana @example.ro')).toBe(false);
    expect(isEmail('')).toBe(false);
  });

  it('recognises Romanian phone numbers: 0 and nine more digits', () => {
    expect(isPhone('0712345678')).toBe(true);
    expect(isPhone('0712 345 678')).toBe(true);
    expect(isPhone('712345678')).toBe(false);
    expect(isPhone('07123456789')).toBe(false);
    expect(normalizePhone(' 07 12\t345 678 ')).toBe('0712345678');
  });

  it('counts composed characters', () => {
    expect(charCount('Știință')).toBe(7);
    expect(charCount('Știință'.normalize('NFD'))).toBe(7);
  });

  it('coerces untrusted values to trimmed strings', () => {
    expect(toTrimmedString('  a ')).toBe('a');
    expect(toTrimmedString(12)).toBe('12');
    expect(toTrimmedString(Number.NaN)).toBe('');
    expect(toTrimmedString(null)).toBe('');
    expect(toTrimmedString({ toString: () => 'x' })).toBe('');
  });
});
