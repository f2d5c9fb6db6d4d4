import { describe, expect, it } from 'vitest';
import { SEED_USERS } from '../../scripts/seed-data.ts';
import { ACCOUNT_MESSAGES, nameError, validateRegistration } from './account.ts';
import { impersonatesStaff, NAME_MESSAGES, nameContentError } from './person-name.ts';
import { validateProfileEdit } from './profile.ts';

/** Issue 40, L12: a name cannot pass for the staff nor hide what it says. */
describe('names', () => {
  it('takes real names: diacritics, hyphens, apostrophes, initials, other alphabets, every demo account', () => {
    for (const name of [
      'Ana',
      'Ana-Maria',
      'Ștefan',
      'Țurcanu',
      'Mărgărit',
      'Înțelepciune',
      "D'Arcy",
      'O’Brien',
      'Ion I. C.',
      'José Müller',
      'Иван',
      'Δημήτρης',
      'Hobi Zamfir',
      'Modoran',
      'Moldovan',
      'Adminescu',
      'Echim',
      'Supuran',
      'Teamu',
      'Ion 2',
      'Zoe',
    ])
      expect(nameContentError(name), name).toBeUndefined();
    for (const u of SEED_USERS) {
      expect(nameContentError(u.firstName), u.firstName).toBeUndefined();
      expect(nameContentError(u.lastName), u.lastName).toBeUndefined();
    }
  });

  it('refuses the brand however it is written, and the staff’s words', () => {
    for (const name of [
      'Echipa Hobbiz',
      'Echipă Hobbiz',
      'Moderator Hobbiz ✔'.replace(' ✔', ''),
      'Hobbiz',
      'hobbiz',
      'HOBBIZ',
      'Hobbíz',
      'Hôbbiz',
      'H0bbiz',
      'Hobb1z',
      'H0bb1z',
      'Hobiz',
      'Hoobbiizz',
      'Hobb!z',
      'H o b b i z',
      'H.o.b.b.i.z',
      'Hob-biz',
      'Hob Biz',
      'HobBiz',
      'SuportHobbiz',
      'EchipaHobbizRo',
      '𝐇𝐨𝐛𝐛𝐢𝐳',
      'Ｈｏｂｂｉｚ',
      'Ноbbiz', // Cyrillic Н and о
      'Moderator',
      'moderatorul',
      'Admin',
      'Administrator',
      'Suport',
      'Support',
      'Staff',
      'Echipa',
      'Echipă',
      'Oficial',
      'Verificat',
      'Ana Moderator',
      'AdminIon',
      'M0derator',
      'Suport-clienți',
    ]) {
      expect(impersonatesStaff(name), name).toBe(true);
      expect(nameContentError(name), name).toBe(NAME_MESSAGES.staff);
    }
  });

  it('refuses check marks, symbols and characters that hide or reorder the text', () => {
    for (const name of [
      'Moderator Hobbiz ✔',
      'Ana ✔',
      'Ana ✓',
      'Ana ☑',
      'Ana ✅',
      'Ana ✔️',
      'Ana 🗸',
      'Ana 😀',
      'Ana™',
      'Ana\u202ezibboH',
      'Ana\u202a',
      'Ana\u202b',
      'Ana\u202c',
      'Ana\u202d',
      'Ana\u2066x',
      'Ana\u2067x',
      'Ana\u2068x',
      'Ana\u2069',
      'Ana\u200e',
      'Ana\u200f',
      'Ana\u061c',
      'A\u200bna',
      'A\u200cna',
      'A\u200dna',
      'A\u2060na',
      'A\ufeffna',
      'A\u00adna',
      'Ana\u0000',
      'Ana\u0007',
      'Ana\tPop',
      'Ana\nPop',
      'Ana\u00a0Pop',
      'Ana\u3000Pop',
      'Ana\u2028',
      'Ana\u3164',
      'Ana\u2800',
      'Ana\ue000',
      'Ana\u{e0041}',
      'Ana\ud800',
      '1\u20e3',
    ])
      expect(nameContentError(name), JSON.stringify(name)).toBe(NAME_MESSAGES.characters);
  });

  it('sign-up and the profile form use it; a stored name is not judged again, a changed one is', () => {
    const base = { email: 'ana@hobbiz.test', password: 'parola-buna-1', phone: '' };
    expect(validateRegistration({ ...base, firstName: 'Echipa', lastName: 'Hobbiz' })).toEqual({
      firstName: NAME_MESSAGES.staff,
      lastName: NAME_MESSAGES.staff,
    });
    expect(validateRegistration({ ...base, firstName: 'Ana', lastName: 'Pop' })).toEqual({});
    const edit = { firstName: 'Test', lastName: 'Hobbiz', localitate: '', phone: '' };
    expect(validateProfileEdit(edit).lastName).toBe(NAME_MESSAGES.staff);
    expect(validateProfileEdit(edit, { firstName: 'Test', lastName: 'Hobbiz' })).toEqual({});
    expect(
      validateProfileEdit({ ...edit, lastName: 'Hobbiz ✔' }, { firstName: 'Test', lastName: 'Hobbiz' }),
    ).toEqual({ lastName: NAME_MESSAGES.characters });
    // The length and required rules still come first.
    expect(nameError('', ACCOUNT_MESSAGES.firstNameRequired)).toBe(ACCOUNT_MESSAGES.firstNameRequired);
    expect(nameError('✔'.repeat(60), ACCOUNT_MESSAGES.firstNameRequired)).toBe(ACCOUNT_MESSAGES.nameTooLong);
  });
});
