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

/** Whether a message's text looks like one of the known scams. */
export function looksLikeScam(text: string): boolean {
  if (!text) return false;
  const t = foldDiacritics(text).toLowerCase();
  return PATTERNS.some((p) => p.test(t));
}
