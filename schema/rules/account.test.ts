import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  confirmationError,
  normalizeLogin,
  normalizeRegistration,
  passwordError,
  type RegistrationInput,
  validateLogin,
  validatePasswordChange,
  validateRegistration,
  validateResetConfirm,
} from './account.ts';
import { ANNOUNCEMENT_MESSAGES } from './announcement.ts';

const valid: RegistrationInput = {
  firstName: 'Ana',
  lastName: 'Popescu',
  email: 'ana@example.ro',
  password: 'parola-sigura',
  phone: '',
};

const errorsOf = (patch: Partial<RegistrationInput>) => validateRegistration({ ...valid, ...patch });

describe('ACCOUNT_MESSAGES', () => {
  it('shares the phone and email messages with the announcement form', () => {
    expect(ACCOUNT_MESSAGES.phoneInvalid).toBe(ANNOUNCEMENT_MESSAGES.phoneInvalid);
    expect(ACCOUNT_MESSAGES.emailInvalid).toBe(ANNOUNCEMENT_MESSAGES.emailInvalid);
    expect(ACCOUNT_MESSAGES.passwordTooShort).toBe('Parola trebuie să aibă cel puțin 8 caractere.');
    expect(ACCOUNT_MESSAGES.nameTooLong).toBe('Numele nu poate depăși 50 de caractere');
    expect(ACCOUNT_MESSAGES.changeEmailRequired).toBe('Introduceți noua adresă de e-mail.');
    expect(ACCOUNT_MESSAGES.changePasswordRequired).toBe('Introduceți ambele parole.');
    expect(ACCOUNT_MESSAGES.loginFailed).toBe('Autentificare eșuată');
    expect(ACCOUNT_MESSAGES.registerFailed).toBe('Înregistrare eșuată');
  });
});

describe('validateRegistration', () => {
  it('accepts a complete registration, with or without a phone', () => {
    expect(validateRegistration(valid)).toEqual({});
    expect(errorsOf({ phone: '0712345678' })).toEqual({});
  });

  it('requires first name, last name, email and password', () => {
    expect(
      validateRegistration({ firstName: '', lastName: ' ', email: '', password: '', phone: '' }),
    ).toEqual({
      firstName: ACCOUNT_MESSAGES.firstNameRequired,
      lastName: ACCOUNT_MESSAGES.lastNameRequired,
      email: ACCOUNT_MESSAGES.emailRequired,
      password: ACCOUNT_MESSAGES.passwordRequired,
    });
  });

  it('limits names to 50 characters', () => {
    expect(errorsOf({ firstName: 'ș'.repeat(50) }).firstName).toBeUndefined();
    expect(errorsOf({ firstName: 'a'.repeat(51) }).firstName).toBe(ACCOUNT_MESSAGES.nameTooLong);
    expect(errorsOf({ lastName: 'a'.repeat(51) }).lastName).toBe(ACCOUNT_MESSAGES.nameTooLong);
  });

  it('rejects a malformed email', () => {
    expect(errorsOf({ email: 'ana' }).email).toBe(ACCOUNT_MESSAGES.emailInvalid);
    expect(errorsOf({ email: `${'a'.repeat(250)}@x.ro` }).email).toBe(ACCOUNT_MESSAGES.emailInvalid);
  });

  it('needs a password of at least 8 characters', () => {
    expect(errorsOf({ password: 'abc4567' }).password).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    expect(errorsOf({ password: 'abc45678' }).password).toBeUndefined();
    // Counted as a person counts: 8 letters with diacritics (NFD input) are 8 characters.
    expect(errorsOf({ password: 'ăîșțâăî1'.normalize('NFD') }).password).toBeUndefined();
  });

  it('says which password rule failed', () => {
    const cases: [string, string][] = [
      ['', ACCOUNT_MESSAGES.passwordRequired],
      ['a'.repeat(129), ACCOUNT_MESSAGES.passwordTooLong],
      ['12345678', ACCOUNT_MESSAGES.passwordNeedsLetter],
      ['--------', ACCOUNT_MESSAGES.passwordNeedsLetter],
      ['parolasigura', ACCOUNT_MESSAGES.passwordNeedsDigitOrSymbol],
      ['ȘtrudelMere', ACCOUNT_MESSAGES.passwordNeedsDigitOrSymbol],
      ['Parola123', ACCOUNT_MESSAGES.passwordCommon],
      ['qwerty-123', ACCOUNT_MESSAGES.passwordCommon],
      ['x-ana.pop-x', ACCOUNT_MESSAGES.passwordHasEmail],
    ];
    for (const [password, message] of cases) {
      expect(passwordError(password, 'ana.pop@example.ro'), password).toBe(message);
      expect(errorsOf({ password, email: 'ana.pop@example.ro' }).password, password).toBe(message);
    }
    expect(passwordError(`${'a'.repeat(127)}1`)).toBeNull();
    expect(passwordError('Parola-Demo-2026', 'ioana.popescu@hobbiz.test')).toBeNull();
    expect(passwordError('secret parola')).toBeNull();
    expect(ACCOUNT_MESSAGES.passwordNeedsLetter).toBe('Parola trebuie să conțină cel puțin o literă.');
  });

  it('uses the same rule for a new password and a reset', () => {
    expect(validatePasswordChange('vechea-1', '12345678')).toBe(ACCOUNT_MESSAGES.passwordNeedsLetter);
    expect(validatePasswordChange('vechea-1', 'vechea-1')).toBe(ACCOUNT_MESSAGES.passwordSame);
    expect(validateResetConfirm({ email: 'a@b.ro', code: '123 456', password: 'parolasigura' })).toEqual({
      password: ACCOUNT_MESSAGES.passwordNeedsDigitOrSymbol,
    });
    expect(validateResetConfirm({ email: 'a', code: '12a', password: 'bun-cod-9' })).toEqual({
      email: ACCOUNT_MESSAGES.emailInvalid,
      code: ACCOUNT_MESSAGES.resetCodeInvalid,
    });
    expect(validateResetConfirm({ email: 'a@b.ro', code: '', password: '' })).toEqual({
      code: ACCOUNT_MESSAGES.resetCodeRequired,
      password: ACCOUNT_MESSAGES.passwordRequired,
    });
  });

  it('checks an optional phone like the announcement form', () => {
    expect(errorsOf({ phone: '712345678' }).phone).toBe(ACCOUNT_MESSAGES.phoneInvalid);
    expect(errorsOf({ phone: '07123456789' }).phone).toBe(ACCOUNT_MESSAGES.phoneInvalid);
    expect(errorsOf({ phone: '0712 345 678' }).phone).toBeUndefined();
  });
});

describe('normalizeRegistration', () => {
  it('trims names, lower-cases the email, strips phone spaces and keeps the password as typed', () => {
    expect(
      normalizeRegistration({
        firstName: ' Ana ',
        lastName: 'Popescu ',
        email: ' Ana@Example.RO',
        password: ' secret parola ',
        phone: '0712 345 678',
        isAdmin: true,
      }),
    ).toEqual({
      firstName: 'Ana',
      lastName: 'Popescu',
      email: 'ana@example.ro',
      password: ' secret parola ',
      phone: '0712345678',
    });
  });

  it('turns missing or non-string values into empty strings', () => {
    expect(normalizeRegistration({ password: 12345678 })).toEqual({
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: '',
    });
  });
});

describe('login', () => {
  it('requires email and password, without the length rule', () => {
    expect(validateLogin({ email: 'ana@example.ro', password: 'x' })).toEqual({});
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: ACCOUNT_MESSAGES.emailRequired,
      password: ACCOUNT_MESSAGES.passwordRequired,
    });
    expect(validateLogin({ email: 'ana', password: 'x' }).email).toBe(ACCOUNT_MESSAGES.emailInvalid);
  });

  it('normalizes the email and drops other fields', () => {
    expect(normalizeLogin({ email: ' ANA@example.ro ', password: 'p', extra: 1 })).toEqual({
      email: 'ana@example.ro',
      password: 'p',
    });
  });
});

describe('confirmationError (e-mail change, account deletion)', () => {
  it('asks an account with a password for it, a social-only account for its address', () => {
    expect(confirmationError(true, { password: '', confirmEmail: 'a@b.ro' })).toBe(
      'Introdu parola actuală pentru a confirma.',
    );
    expect(confirmationError(true, { password: ' x ', confirmEmail: '' })).toBeNull();
    expect(confirmationError(false, { password: 'parola-1', confirmEmail: '  ' })).toBe(
      'Introdu adresa de email a contului pentru a confirma.',
    );
    expect(confirmationError(false, { password: '', confirmEmail: 'a@b.ro' })).toBeNull();
  });
});
