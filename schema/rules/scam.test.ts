import { describe, expect, it } from 'vitest';
import { looksLikeScam } from './scam.ts';

describe('scam patterns in chat', () => {
  it('flags card data, money in advance and links to courier or payment pages', () => {
    for (const text of [
      'Trimite-mi codul CVV de pe card ca să îți trimit banii.',
      'Îmi dai te rog numărul cardului și data de expirare a cardului?',
      'Te rog să plătești în avans 200 lei, apoi trimit coletul.',
      'Avansul de 100 de lei îl trimiți prin Western Union.',
      'Intră pe https://fan-curier-livrare.com/plata ca să primești banii.',
      'Confirmă comanda aici: http://olx-ro.secure-pay.info/verify',
    ])
      expect(looksLikeScam(text), text).toBe(true);
  });

  it('leaves ordinary messages alone', () => {
    for (const text of [
      'Bună ziua, mai este disponibil?',
      'Pot veni cu 10 minute în avans?',
      'Plata se face la livrare, cash sau card.',
      'Uite anunțul: https://hobbiz.ro/announcement/65a1b2c3d4e5f6a7b8c9d0e1',
      '',
    ])
      expect(looksLikeScam(text), text).toBe(false);
  });

  it('flags a bare card number that passes the Luhn check, however it is grouped (issue 45)', () => {
    for (const text of [
      'Nr. card: 5555444433331111',
      '4111 1111 1111 1111, exp 12/28',
      'Cardul meu e 4111-1111-1111-1111',
      'Amex 3782 822463 10005',
      'Uite: 4111 1111 1111 1111 12 28',
      'nr 4111.1111.1111.1111 expiră 12/28',
    ])
      expect(looksLikeScam(text), text).toBe(true);
  });

  it('leaves phone numbers, prices, dates, order numbers and a personal code alone', () => {
    for (const text of [
      'Sună-mă la 0722 123 456',
      'Preț 1500 lei, negociabil',
      'Vin pe 12.12.2026 la 18:30',
      'CNP 5010101123453', // 13 digits that fail the Luhn check
      'Comanda nr. 5555444433331112', // one digit off a card number: fails Luhn
      'Telefon 0722123456, 0744654321',
    ])
      expect(looksLikeScam(text), text).toBe(false);
  });

  it("flags a valid IBAN sent by the buying side, not the seller's own account (issue 45)", () => {
    const iban = 'Trimite diferența în contul RO49 AAAA 1B31 0075 9384 0000';
    expect(looksLikeScam(iban, { senderIsOwner: false })).toBe(true);
    expect(looksLikeScam('RO49AAAA1B31007593840000', { senderIsOwner: false })).toBe(true);
    // Unknown sender role: warned (a false alarm costs one line).
    expect(looksLikeScam(iban)).toBe(true);
    // The seller giving their account for a payment on delivery is ordinary.
    expect(looksLikeScam('Poți plăti în contul meu RO49AAAA1B31007593840000', { senderIsOwner: true })).toBe(
      false,
    );
    // A code that fails the mod-97 check is not an IBAN.
    expect(looksLikeScam('RO49AAAA1B31007593840001', { senderIsOwner: false })).toBe(false);
  });
});
