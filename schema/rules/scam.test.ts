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
});
