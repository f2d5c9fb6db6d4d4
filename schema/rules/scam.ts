import { foldDiacritics } from '../text.ts';

/**
 * Issue 24: chat messages that look like the common marketplace scams — asking for card data, for money
 * in advance, or sending a link to a fake courier or payment page. The recipient sees a warning under
 * such a message; nothing is hidden or blocked (a false alarm costs one line of text). Matched on the
 * text without diacritics, in lower case.
 */
const PATTERNS: RegExp[] = [
  // Card data.
  /\b(cvv|cvc|codul de securitate|datele (de pe |ale )?card(ului)?|numarul (de pe |al )?card(ului)?|data de expirare a cardului)\b/,
  // Money before anything is delivered.
  /\b(plata|platesti|platiti|plateste|trimite\w*|transfer\w*|vire\w*|vira\w*|depune\w*)\b[^.!?\n]{0,40}\b(in avans|inainte de livrare|inainte sa (vii|primesti)|avansul|un avans)\b/,
  /\bavans(ul)?\b[^.!?\n]{0,30}\b(lei|ron|euro|eur|bani)\b/,
  /\b(western union|moneygram)\b/,
  // A link to a courier, payment or "verification" page.
  /https?:\/\/\S*(curier|courier|cargus|sameday|livrar|delivery|plata|plati|pay|card|secur|verif|confirm|olx)\S*/,
];

export const SCAM_WARNING =
  'Atenție: nu trimite bani în avans și nu da nimănui datele cardului. Hobbiz nu îți cere niciodată plata sau confirmarea prin linkuri primite în chat.';

/**
 * Issue 45: a bare card number ('Nr. card: 5555444433331111', '4111 1111 1111 1111, exp 12/28') is card
 * data even without the word 'card'. A run of 13–19 digits counts when it passes the Luhn check (which a
 * phone number, a price, a date, an order or a personal numeric code passes only by chance, and they are
 * rarely that long) and is written as cards are: in one piece, in groups of four (the last group shorter
 * for 13-, 17-, 18- and 19-digit numbers) or as American Express's 4-6-5; spaces, dashes or dots between
 * groups, not inside a longer code such as an IBAN. Card numbers start with 2–6 (Mastercard 2/5, Amex 3, Visa 4, Discover 6) — a '07…' phone
 * number or a '1…' personal code never looks like one.
 */
const CARD_CANDIDATE = /(?<![\da-z.-])[2-6]\d{3}(?:[ .-]?\d){9,15}(?![\da-z])/g;

/** The Luhn check digit test every payment card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function groupedLikeACard(candidate: string): boolean {
  const groups = candidate.split(/[ .-]/);
  if (groups.length === 1) return true;
  if (groups.length === 3 && groups[0].length === 4 && groups[1].length === 6 && groups[2].length === 5)
    return true;
  const last = groups[groups.length - 1].length;
  return groups.slice(0, -1).every((g) => g.length === 4) && last >= 1 && last <= 4;
}

export function containsCardNumber(text: string): boolean {
  for (const m of text.matchAll(CARD_CANDIDATE)) {
    // The run may carry a number written after the card's ('4111 1111 1111 1111 12 28'): try it group by group.
    const groups = m[0].split(/[ .-]/);
    for (let n = groups.length; n >= 1; n--) {
      const candidate = groups.slice(0, n).join(' ');
      const digits = candidate.replace(/ /g, '');
      if (digits.length < 13) break;
      if (digits.length <= 19 && groupedLikeACard(candidate) && passesLuhn(digits)) return true;
    }
  }
  return false;
}

/**
 * A Romanian IBAN: RO, two check digits, the bank's four letters, sixteen letters or digits (24 in all),
 * written in one piece or in groups of four. Counted only when its ISO 13616 mod-97 check holds, so a
 * made-up code or a typo does not raise the warning.
 */
const IBAN_CANDIDATE = /\bro ?\d{2} ?[a-z]{4}(?: ?[a-z0-9]{4}){4}\b/gi;

export function validIban(iban: string): boolean {
  const s = iban.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = v > 9 ? (rest * 100 + v) % 97 : (rest * 10 + v) % 97;
  }
  return rest === 1;
}

export function containsIban(text: string): boolean {
  for (const m of text.matchAll(IBAN_CANDIDATE)) if (validIban(m[0])) return true;
  return false;
}

export type ScamContext = {
  /**
   * Whether the message's sender owns the conversation's announcement (the seller). Hobbiz does not know
   * anyone's IBAN, so "not the seller's own account" is decided by who sends it: a seller giving their
   * account for a payment is ordinary, while the person on the buying side sending an account ("I paid,
   * send the courier fee / the difference here", the fake-refund scam) is the suspicious case. Unknown
   * (the announcement is not on the device): warned, since a false alarm costs one line.
   */
  senderIsOwner?: boolean;
};

/** Whether a message's text looks like one of the known scams. */
export function looksLikeScam(text: string, context: ScamContext = {}): boolean {
  if (!text) return false;
  const t = foldDiacritics(text).toLowerCase();
  if (PATTERNS.some((p) => p.test(t))) return true;
  if (containsCardNumber(t)) return true;
  return context.senderIsOwner !== true && containsIban(t);
}
