/**
 * What a person's first or last name may contain (issue 40, L12), beside the length rule of
 * `nameError` (account.ts): sign-up and the profile form, in the browser and on the server. A name is
 * shown beside every announcement, message and review, so it must not pass for the staff ('Echipa
 * Hobbiz', 'Moderator ✔') nor hide what it says (a U+202E override turns 'Ana‮zibboH' round on screen).
 */
export const NAME_MESSAGES = {
  characters: 'Numele conține caractere nepermise.',
  staff: 'Numele nu poate conține „Hobbiz” sau cuvinte care sugerează că ești din echipa noastră.',
} as const;

/**
 * Characters no name needs and that can disguise one: controls; format characters (the bidi overrides,
 * embeddings, isolates and marks U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C; zero-width
 * U+200B–U+200D, U+2060, U+FEFF; the soft hyphen; tags); every code point Unicode says to draw as nothing
 * (Default_Ignorable: variation selectors, Hangul fillers, the combining grapheme joiner); private-use,
 * unassigned and lone surrogate code points; line and paragraph separators and every space but the plain
 * one; symbols (check marks ✔ ✓ ☑ ✅, emoji, ™, arrows, currency, maths), enclosing marks (keycaps,
 * circles) and the braille blank.
 */
const NOT_IN_A_NAME =
  /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}\p{S}\p{Me}\u2800]|[^\S ]/u;

/** Letters and digits that pass for a Latin one in a name (after NFKD, which already maps 𝐇, Ｈ, Ⓗ to H). */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '6': 'b',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '!': 'i',
  '|': 'i',
  '@': 'a',
  $: 's',
  ı: 'i',
  ł: 'l',
  ʜ: 'h',
  ʙ: 'b',
  ɪ: 'i',
  ᴢ: 'z',
  ᴏ: 'o',
  // Cyrillic and Greek letters drawn like Latin ones.
  а: 'a',
  в: 'b',
  е: 'e',
  з: 'z',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  һ: 'h',
  ь: 'b',
  ԁ: 'd',
  α: 'a',
  β: 'b',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
};

/** Words that name the staff or a role of it, folded (no diacritics, repeated letters once). */
const STAFF_WORDS = new Set(
  [
    'moderator',
    'moderatorul',
    'moderatori',
    'moderatoare',
    'mod',
    'admin',
    'adminul',
    'administrator',
    'administratorul',
    'administratoare',
    'administratia',
    'suport',
    'suportul',
    'support',
    'staff',
    'echipa',
    'echipei',
    'team',
    'oficial',
    'oficiala',
    'official',
    'verificat',
    'verificata',
    'verified',
  ].map((w) => collapse(w)),
);

/** The brand, folded the same way. */
const BRAND = 'hobiz';

/** 'Hoobbiiz' → 'hobiz': a doubled letter is no disguise. */
function collapse(word: string): string {
  return word.replace(/(.)\1+/g, '$1');
}

/**
 * The name's words as someone reading it would take them: camelCase split, compatibility forms and
 * diacritics removed (NFKD), lower case, lookalikes replaced, split at anything not a letter.
 */
function foldedWords(name: string): string[] {
  const split = name.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');
  const plain = split.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  const mapped = [...plain].map((c) => LOOKALIKES[c] ?? c).join('');
  return mapped
    .split(/[^\p{L}]+/u)
    .filter((w) => w !== '')
    .map(collapse);
}

/**
 * Whether a name passes for the staff: a word that contains the brand, words spelling it when read
 * together ('H o b b i z', 'Hob.Biz'), or a word naming the staff or a role of it.
 */
export function impersonatesStaff(name: string): boolean {
  const words = foldedWords(name);
  if (words.some((w) => w.includes(BRAND) || STAFF_WORDS.has(w))) return true;
  for (let start = 0; start < words.length; start++) {
    let joined = '';
    for (let end = start; end < words.length && joined.length < BRAND.length; end++) {
      joined = collapse(joined + words[end]);
      if (joined === BRAND) return true;
    }
  }
  return false;
}

/** What is wrong with a name's content (not its length), or undefined. */
export function nameContentError(name: string): string | undefined {
  if (NOT_IN_A_NAME.test(name)) return NAME_MESSAGES.characters;
  if (impersonatesStaff(name)) return NAME_MESSAGES.staff;
  return undefined;
}
