import { describe, expect, it } from 'vitest';
import { uploadSummaryText } from './upload-summary.ts';

const s = (
  count: number,
  done: number,
  failed: number,
  sentBytes: number,
  totalBytes: number,
  offline = 0,
) => ({
  count,
  done,
  failed,
  offline,
  sentBytes,
  totalBytes,
});

describe('the line under the photos', () => {
  it('says nothing with no photos', () => {
    expect(uploadSummaryText(s(0, 0, 0, 0, 0))).toBeNull();
  });

  it('counts the photo on its way (done and failed ones behind it), with bytes in ro-RO', () => {
    expect(uploadSummaryText(s(10, 2, 0, 1_200_000, 2_400_000))).toBe(
      'Se încarcă 3 din 10 · 1,2 MB din 2,4 MB',
    );
    expect(uploadSummaryText(s(3, 0, 0, 0, 900_000))).toBe('Se încarcă 1 din 3 · 0 kB din 900 kB');
    expect(uploadSummaryText(s(3, 1, 1, 600_000, 900_000))).toBe('Se încarcă 3 din 3 · 600 kB din 900 kB');
  });

  it('once every photo is done, says so (one, or all N)', () => {
    expect(uploadSummaryText(s(1, 1, 0, 350_000, 350_000))).toBe('Fotografia a fost încărcată (350 kB).');
    expect(uploadSummaryText(s(4, 4, 0, 1_500_000, 1_500_000))).toBe(
      'Toate cele 4 fotografii au fost încărcate (1,5 MB).',
    );
  });

  it('once none is going and some failed, names how many failed', () => {
    expect(uploadSummaryText(s(3, 2, 1, 600_000, 900_000))).toBe(
      'O fotografie nu a putut fi încărcată · 600 kB din 900 kB',
    );
    expect(uploadSummaryText(s(3, 0, 3, 0, 900_000))).toBe(
      '3 fotografii nu au putut fi încărcate · 0 kB din 900 kB',
    );
  });

  it('offline, says the photos will go up when the connection is back, not that they failed (issue 45)', () => {
    expect(uploadSummaryText(s(3, 0, 3, 0, 900_000, 3))).toBe(
      'Fără conexiune: 3 fotografii se vor încărca automat când revine internetul · 0 kB din 900 kB',
    );
    expect(uploadSummaryText(s(2, 1, 1, 300_000, 600_000, 1))).toBe(
      'Fără conexiune: o fotografie se va încărca automat când revine internetul · 300 kB din 600 kB',
    );
    // One refused by the server, two waiting for the connection: each said as it is.
    expect(uploadSummaryText(s(3, 0, 3, 0, 900_000, 2))).toBe(
      'O fotografie nu a putut fi încărcată · 2 se vor încărca când revine internetul · 0 kB din 900 kB',
    );
  });
});
