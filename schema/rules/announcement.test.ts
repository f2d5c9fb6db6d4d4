import { describe, expect, it } from 'vitest';
import { COUNTRY_WIDE } from '../constants.ts';
import {
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementInput,
  categoryUnknown,
  isJpegBytes,
  normalizeAnnouncementInput,
  PRICE_MAX,
  parsePrice,
  sortImageCandidates,
  submitErrorMessage,
  validateAnnouncement,
  validateImageCandidates,
} from './announcement.ts';
import { NAME_MESSAGES } from './person-name.ts';

const valid: AnnouncementInput = {
  title: 'Tort de ciocolată la comandă',
  category: 'Prăjituri, Băcănie, Gătit',
  description: 'Torturi de casă cu ingrediente naturale, livrare în Cluj-Napoca.',
  location: 'Cluj',
  localitate: 'Cluj-Napoca',
  contactPerson: 'Ana Popescu',
  contactEmail: 'ana@example.ro',
  contactPhone: '0712345678',
  price: '150',
};

const errorsOf = (patch: Partial<AnnouncementInput>) => validateAnnouncement({ ...valid, ...patch });
const chars = (n: number) => 'a'.repeat(n);

describe('ANNOUNCEMENT_MESSAGES', () => {
  it('reproduces the spec texts character for character', () => {
    expect(ANNOUNCEMENT_MESSAGES).toMatchObject({
      titleMin: 'Titlul trebuie să aibă cel puțin 16 caractere',
      titleMax: 'Titlul nu poate depăși 70 de caractere',
      categoryRequired: 'Trebuie să selectezi o categorie',
      descriptionMin: 'Descrierea trebuie să aibă cel puțin 40 de caractere',
      descriptionMax: 'Descrierea nu poate depăși 9000 de caractere',
      locationRequired: 'Trebuie să selectezi o locație',
      contactPersonRequired: 'Numele persoanei de contact este obligatoriu',
      contactPersonMin: 'Numele trebuie să aibă cel puțin 2 caractere',
      contactPersonMax: 'Numele nu poate depăși 50 de caractere',
      emailInvalid: 'Adresa de email nu este validă',
      phoneInvalid: 'Numărul de telefon trebuie să înceapă cu 0 și să aibă 10 cifre',
      contactRequired: 'Trebuie să completezi cel puțin email-ul sau telefonul',
      imagesMax: 'Poți adăuga maxim 10 imagini per anunț',
      imagesJpeg: 'Poți încărca doar imagini în format JPG/JPEG',
      imagesSize: 'Fiecare imagine trebuie să fie mai mică de 5MB',
      priceInvalid: 'Prețul trebuie să fie un număr întreg între 0 și 1.000.000 de lei',
      submitErrors: {
        publish: 'Te rugăm să corectezi erorile de mai sus înainte de a publica anunțul',
        update: 'Te rugăm să corectezi erorile de mai sus înainte de a actualiza anunțul',
      },
      notAuthenticated: {
        publish: 'Trebuie să fii autentificat pentru a publica un anunț!',
        update: 'Trebuie să fii autentificat pentru a actualiza anunțul!',
      },
      sessionExpired: 'Sesiunea a expirat. Te rugăm să te autentifici din nou.',
      submitFailed: {
        publish: 'Eroare la publicarea anunțului. Încearcă din nou!',
        update: 'Eroare la actualizarea anunțului. Încearcă din nou!',
      },
    });
  });
});

describe('validateAnnouncement', () => {
  it('returns no errors for a valid announcement', () => {
    expect(validateAnnouncement(valid)).toEqual({});
  });

  it('checks the trimmed title length: 16 to 70', () => {
    expect(errorsOf({ title: chars(15) }).title).toBe(ANNOUNCEMENT_MESSAGES.titleMin);
    expect(errorsOf({ title: chars(16) }).title).toBeUndefined();
    expect(errorsOf({ title: chars(70) }).title).toBeUndefined();
    expect(errorsOf({ title: chars(71) }).title).toBe(ANNOUNCEMENT_MESSAGES.titleMax);
    expect(errorsOf({ title: `   ${chars(15)}   ` }).title).toBe(ANNOUNCEMENT_MESSAGES.titleMin);
    expect(errorsOf({ title: '' }).title).toBe(ANNOUNCEMENT_MESSAGES.titleMin);
  });

  it('counts a diacritic as one character, also when typed decomposed', () => {
    const decomposed = 'ă'.normalize('NFD').repeat(16);
    expect(decomposed.length).toBe(32);
    expect(errorsOf({ title: decomposed }).title).toBeUndefined();
    expect(errorsOf({ title: 'ț'.repeat(70) }).title).toBeUndefined();
  });

  it('requires one of the 14 categories', () => {
    expect(errorsOf({ category: '' }).category).toBe(ANNOUNCEMENT_MESSAGES.categoryRequired);
    expect(errorsOf({ category: 'Jocuri' }).category).toBe(categoryUnknown('Jocuri'));
    expect(categoryUnknown('Jocuri')).toContain('Fotografie; ');
    expect(errorsOf({ category: 'Business' }).category).toBeUndefined();
  });

  it('checks the trimmed description length: 40 to 9000', () => {
    expect(errorsOf({ description: chars(39) }).description).toBe(ANNOUNCEMENT_MESSAGES.descriptionMin);
    expect(errorsOf({ description: chars(40) }).description).toBeUndefined();
    expect(errorsOf({ description: ` ${chars(39)}\n` }).description).toBe(
      ANNOUNCEMENT_MESSAGES.descriptionMin,
    );
    expect(errorsOf({ description: chars(9000) }).description).toBeUndefined();
    expect(errorsOf({ description: chars(9001) }).description).toBe(ANNOUNCEMENT_MESSAGES.descriptionMax);
  });

  it('requires a valid location', () => {
    const message = ANNOUNCEMENT_MESSAGES.locationRequired;
    expect(errorsOf({ location: '', localitate: '' }).location).toBe(message);
    expect(errorsOf({ location: 'Atlantida', localitate: '' }).location).toBe(message);
    expect(errorsOf({ location: 'Cluj', localitate: 'Timișoara' }).location).toBe(message);
    expect(errorsOf({ location: COUNTRY_WIDE, localitate: '' }).location).toBeUndefined();
    expect(errorsOf({ location: 'Cluj', localitate: '' }).location).toBeUndefined();
  });

  it('holds the contact person to the rule of a name: no staff lookalikes, no hidden characters (issue 40, L12)', () => {
    expect(errorsOf({ contactPerson: 'Echipa Hobbiz' }).contactPerson).toBe(NAME_MESSAGES.staff);
    expect(errorsOf({ contactPerson: 'Moderator H0bbiz ✔' }).contactPerson).toBeDefined();
    expect(errorsOf({ contactPerson: 'Ana \u202Etxe' }).contactPerson).toBe(NAME_MESSAGES.characters);
    expect(errorsOf({ contactPerson: 'Ștefan Barbu' }).contactPerson).toBeUndefined();
  });

  it('requires a contact person of 2 to 50 characters after trimming', () => {
    expect(errorsOf({ contactPerson: '' }).contactPerson).toBe(ANNOUNCEMENT_MESSAGES.contactPersonRequired);
    expect(errorsOf({ contactPerson: '   ' }).contactPerson).toBe(
      ANNOUNCEMENT_MESSAGES.contactPersonRequired,
    );
    expect(errorsOf({ contactPerson: ' A ' }).contactPerson).toBe(ANNOUNCEMENT_MESSAGES.contactPersonMin);
    expect(errorsOf({ contactPerson: 'Al' }).contactPerson).toBeUndefined();
    expect(errorsOf({ contactPerson: chars(50) }).contactPerson).toBeUndefined();
    expect(errorsOf({ contactPerson: chars(51) }).contactPerson).toBe(ANNOUNCEMENT_MESSAGES.contactPersonMax);
  });

  it('accepts an optional email only when it looks like one', () => {
    expect(errorsOf({ contactEmail: 'ana@' }).contactEmail).toBe(ANNOUNCEMENT_MESSAGES.emailInvalid);
    expect(errorsOf({ contactEmail: 'ana example.ro' }).contactEmail).toBe(
      ANNOUNCEMENT_MESSAGES.emailInvalid,
    );
    expect(errorsOf({ contactEmail: 'ana@example' }).contactEmail).toBe(ANNOUNCEMENT_MESSAGES.emailInvalid);
    expect(errorsOf({ contactEmail: 'ana.pop@mail.example.ro' }).contactEmail).toBeUndefined();
    expect(errorsOf({ contactEmail: '' })).toEqual({});
  });

  it('accepts an optional phone of 10 digits starting with 0, spaces ignored', () => {
    const message = ANNOUNCEMENT_MESSAGES.phoneInvalid;
    expect(errorsOf({ contactPhone: '0712345678' }).contactPhone).toBeUndefined();
    expect(errorsOf({ contactPhone: '0712 345 678' }).contactPhone).toBeUndefined();
    expect(errorsOf({ contactPhone: '712345678' }).contactPhone).toBe(message);
    expect(errorsOf({ contactPhone: '07123456789' }).contactPhone).toBe(message);
    expect(errorsOf({ contactPhone: '1712345678' }).contactPhone).toBe(message);
    expect(errorsOf({ contactPhone: '07123a5678' }).contactPhone).toBe(message);
    expect(errorsOf({ contactPhone: '' })).toEqual({});
  });

  it('requires at least an email or a phone', () => {
    expect(errorsOf({ contactEmail: '', contactPhone: '' }).contact).toBe(
      ANNOUNCEMENT_MESSAGES.contactRequired,
    );
    expect(errorsOf({ contactEmail: '  ', contactPhone: ' ' }).contact).toBe(
      ANNOUNCEMENT_MESSAGES.contactRequired,
    );
    expect(errorsOf({ contactEmail: '', contactPhone: '0712345678' }).contact).toBeUndefined();
    expect(errorsOf({ contactEmail: 'ana@example.ro', contactPhone: '' }).contact).toBeUndefined();
  });

  it('accepts no price or a whole number of lei up to 1,000,000', () => {
    expect(errorsOf({ price: '' }).price).toBeUndefined();
    expect(errorsOf({ price: '0' }).price).toBeUndefined();
    expect(errorsOf({ price: '1000000' }).price).toBeUndefined();
    expect(errorsOf({ price: '1000001' }).price).toBe(ANNOUNCEMENT_MESSAGES.priceInvalid);
    expect(errorsOf({ price: '-5' }).price).toBe(ANNOUNCEMENT_MESSAGES.priceInvalid);
    expect(errorsOf({ price: '12,50' }).price).toBe(ANNOUNCEMENT_MESSAGES.priceInvalid);
    expect(errorsOf({ price: 'gratis' }).price).toBe(ANNOUNCEMENT_MESSAGES.priceInvalid);
  });

  it('reports every failing field at once', () => {
    const errors = validateAnnouncement({
      title: '',
      category: '',
      description: '',
      location: '',
      localitate: '',
      contactPerson: '',
      contactEmail: '',
      contactPhone: '',
      price: '',
    });
    expect(Object.keys(errors).sort()).toEqual(
      ['category', 'contact', 'contactPerson', 'description', 'location', 'title'].sort(),
    );
  });
});

describe('parsePrice', () => {
  it('reads whole lei, with optional thousands grouping', () => {
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('  ')).toBeNull();
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice(' 250 ')).toBe(250);
    expect(parsePrice('1 250')).toBe(1250);
    expect(parsePrice('1.250')).toBe(1250);
    expect(parsePrice(String(PRICE_MAX))).toBe(PRICE_MAX);
  });

  it('rejects decimals, signs, words and amounts above the maximum', () => {
    expect(parsePrice('12.5')).toBeNull();
    expect(parsePrice('12,50')).toBeNull();
    expect(parsePrice('-1')).toBeNull();
    expect(parsePrice('+1')).toBeNull();
    expect(parsePrice('1e3')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice(String(PRICE_MAX + 1))).toBeNull();
  });
});

describe('normalizeAnnouncementInput', () => {
  it('keeps only the known fields as trimmed strings', () => {
    const input = normalizeAnnouncementInput({
      title: '  Tort de ciocolată la comandă  ',
      category: 'Business',
      description: 42,
      location: 'Cluj',
      contactPerson: ['Ana'],
      contactEmail: ' Ana@Example.RO ',
      contactPhone: ' 0712 345 678 ',
      price: 150,
      ownerId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
      views: 1000,
    });
    expect(input).toEqual({
      title: 'Tort de ciocolată la comandă',
      category: 'Business',
      description: '42',
      location: 'Cluj',
      localitate: '',
      contactPerson: '',
      contactEmail: 'ana@example.ro',
      contactPhone: '0712345678',
      price: '150',
    });
    expect(Object.keys(input)).not.toContain('ownerId');
  });

  it('composes decomposed diacritics so stored text compares equal', () => {
    expect(normalizeAnnouncementInput({ location: 'Iași'.normalize('NFD') }).location).toBe('Iași');
  });
});

describe('validateImageCandidates', () => {
  const jpeg = (size = 1000, name = 'poza.jpg', type = 'image/jpeg') => ({ name, type, size });
  const MB = 1024 * 1024;

  it('accepts up to 10 JPEG images under 5 MB', () => {
    expect(validateImageCandidates([jpeg(), jpeg()], 8)).toBeNull();
    expect(validateImageCandidates([jpeg(5 * MB - 1)], 0)).toBeNull();
    expect(validateImageCandidates([jpeg(1, 'POZA.JPEG', '')], 0)).toBeNull();
    expect(validateImageCandidates([jpeg(1, 'blob', 'image/jpeg')], 0)).toBeNull();
    expect(validateImageCandidates([], 10)).toBeNull();
  });

  it('rejects more than 10 in all', () => {
    expect(validateImageCandidates([jpeg()], 10)).toBe(ANNOUNCEMENT_MESSAGES.imagesMax);
    expect(
      validateImageCandidates(
        Array.from({ length: 11 }, () => jpeg()),
        0,
      ),
    ).toBe(ANNOUNCEMENT_MESSAGES.imagesMax);
  });

  it('rejects anything that is not JPEG', () => {
    expect(validateImageCandidates([jpeg(), jpeg(1, 'poza.png', 'image/png')], 0)).toBe(
      ANNOUNCEMENT_MESSAGES.imagesJpeg,
    );
    expect(validateImageCandidates([jpeg(1, 'poza.webp', 'image/webp')], 0)).toBe(
      ANNOUNCEMENT_MESSAGES.imagesJpeg,
    );
  });

  it('rejects images of 5 MB or more', () => {
    expect(validateImageCandidates([jpeg(5 * MB)], 0)).toBe(ANNOUNCEMENT_MESSAGES.imagesSize);
  });

  it('reports the first failing rule: count, then type, then size', () => {
    const png = jpeg(6 * MB, 'x.png', 'image/png');
    expect(validateImageCandidates([png], 10)).toBe(ANNOUNCEMENT_MESSAGES.imagesMax);
    expect(validateImageCandidates([png], 0)).toBe(ANNOUNCEMENT_MESSAGES.imagesJpeg);
  });
});

describe('sortImageCandidates (a bad file does not cost the good ones)', () => {
  const MB = 1024 * 1024;
  const file = (name: string, size = 1000, type = 'image/jpeg') => ({ name, type, size });
  const M = ANNOUNCEMENT_MESSAGES;

  it('keeps the valid JPEGs and names a PNG and a file of 5 MB or more with their reasons', () => {
    const a = file('a.jpg');
    const b = file('b.jpeg', 5 * MB - 1);
    const { accepted, refused } = sortImageCandidates(
      [a, file('poza.png', 10, 'image/png'), file('mare.jpg', 5 * MB), b],
      0,
    );
    expect(accepted).toEqual([a, b]);
    expect(refused).toEqual([
      { name: 'poza.png', reason: M.imagesJpeg },
      { name: 'mare.jpg', reason: M.imagesSize },
    ]);
  });

  it('keeps only as many as fit beside the photos already there, in the order chosen', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i + 1}.jpg`));
    const all = sortImageCandidates(eleven, 0);
    expect(all.accepted.map((f) => f.name)).toEqual(eleven.slice(0, 10).map((f) => f.name));
    expect(all.refused).toEqual([{ name: 'f11.jpg', reason: M.imagesMax }]);
    const some = sortImageCandidates(eleven.slice(0, 3), 8);
    expect(some.accepted.map((f) => f.name)).toEqual(['f1.jpg', 'f2.jpg']);
    expect(some.refused).toEqual([{ name: 'f3.jpg', reason: M.imagesMax }]);
    expect(sortImageCandidates([file('x.jpg')], 10).refused).toEqual([
      { name: 'x.jpg', reason: M.imagesMax },
    ]);
  });

  it('a refused file takes no place: a PNG before the tenth JPEG does not push it out', () => {
    const r = sortImageCandidates([file('p.png', 1, 'image/png'), file('ok.jpg')], 9);
    expect(r.accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(r.refused).toEqual([{ name: 'p.png', reason: M.imagesJpeg }]);
  });

  it('the type is named before the size, and the size before the count', () => {
    expect(sortImageCandidates([file('x.png', 6 * MB, 'image/png')], 10).refused[0]!.reason).toBe(
      M.imagesJpeg,
    );
    expect(sortImageCandidates([file('x.jpg', 6 * MB)], 10).refused[0]!.reason).toBe(M.imagesSize);
  });

  it('an empty selection, or one with only good files, refuses nothing', () => {
    expect(sortImageCandidates([], 10)).toEqual({ accepted: [], refused: [] });
    expect(sortImageCandidates([file('POZA.JPEG', 1, '')], 0).refused).toEqual([]);
  });
});

describe('isJpegBytes', () => {
  it('recognises the JPEG signature FF D8 FF', () => {
    expect(isJpegBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBe(true);
    expect(isJpegBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(isJpegBytes(new Uint8Array([0xff, 0xd8]))).toBe(false);
    expect(isJpegBytes(new Uint8Array())).toBe(false);
  });
});

describe('submitErrorMessage', () => {
  it('says publica or actualiza by mode', () => {
    expect(submitErrorMessage('publish')).toBe(
      'Te rugăm să corectezi erorile de mai sus înainte de a publica anunțul',
    );
    expect(submitErrorMessage('update')).toBe(
      'Te rugăm să corectezi erorile de mai sus înainte de a actualiza anunțul',
    );
  });
});
