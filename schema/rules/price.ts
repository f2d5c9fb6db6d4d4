/** Prices: a module of its own, so screens that only read prices do not load the location list. */

/** The highest price an announcement may ask, in whole lei (our own bound: the spec sets none). */
export const PRICE_MAX = 1_000_000;

/**
 * Whole lei from what the user typed: digits, optionally grouped by spaces or by dots in threes
 * ('1 250', '1.250'). null when empty, not a whole number, or above PRICE_MAX.
 */
export function parsePrice(price: string): number | null {
  const compact = price.trim().replace(/\s+/g, '');
  if (!/^\d+$/.test(compact) && !/^\d{1,3}(\.\d{3})+$/.test(compact)) return null;
  const value = Number(compact.replaceAll('.', ''));
  return Number.isSafeInteger(value) && value <= PRICE_MAX ? value : null;
}
