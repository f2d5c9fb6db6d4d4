import { describe, expect, it } from 'vitest';
import {
  charCount,
  fieldErrors,
  isEmail,
  isPhone,
  normalizePhone,
  PHONE_INVALID_MESSAGE,
  phoneError,
  toPhone,
  toTrimmedString,
} from './common.ts';

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

  it('checks an optional phone field and stores it without spaces', () => {
    expect(phoneError('')).toBeUndefined();
    expect(phoneError(' 0712 345 678 ')).toBeUndefined();
    expect(phoneError('712345678')).toBe(PHONE_INVALID_MESSAGE);
    expect(toPhone(' 0712 345 678 ')).toBe('0712345678');
    expect(toPhone(42)).toBe('42');
    expect(toPhone({})).toBe('');
  });

  it('keeps only the fields whose check gave a message', () => {
    expect(fieldErrors({ a: undefined, b: 'Lipsește', c: null, d: '' })).toEqual({ b: 'Lipsește' });
    expect(fieldErrors({ a: undefined })).toEqual({});
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
