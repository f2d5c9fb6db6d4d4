import { describe, expect, it } from 'vitest';
import { canonicalReason, parseReport, REPORT_MESSAGES } from './reports.ts';

describe('reports rule', () => {
  it('takes the reason with or without diacritics, in any case, and stores the canonical spelling', () => {
    expect(canonicalReason('Frauda sau inselaciune')).toBe('Fraudă sau înșelăciune');
    expect(canonicalReason('  ANUNȚ DUPLICAT SAU   SPAM ')).toBe('Anunț duplicat sau spam');
    expect(canonicalReason('spam')).toBeNull();
    expect(canonicalReason(3)).toBeNull();
  });

  it('wants exactly one target, a known reason and details of at most 1,000 characters', () => {
    const ok = parseReport({ announcementId: 'a1', reason: 'Altceva', details: '  Preț fals  ' });
    expect(ok).toEqual({
      ok: true,
      value: { target: { type: 'announcement', id: 'a1' }, reason: 'Altceva', details: 'Preț fals' },
    });
    expect(parseReport({ reason: 'Altceva' })).toEqual({ ok: false, error: REPORT_MESSAGES.target });
    expect(parseReport({ userId: 'u', messageId: 'm', reason: 'Altceva' })).toEqual({
      ok: false,
      error: REPORT_MESSAGES.target,
    });
    expect(parseReport({ userId: 'u', reason: 'nu-mi place' })).toEqual({
      ok: false,
      error: REPORT_MESSAGES.reason,
    });
    expect(parseReport({ userId: 'u', reason: 'Altceva', details: 'x'.repeat(1001) })).toEqual({
      ok: false,
      error: REPORT_MESSAGES.details,
    });
    expect(parseReport({ userId: 'u', reason: 'Altceva', details: 5 })).toEqual({
      ok: false,
      error: REPORT_MESSAGES.details,
    });
    expect(parseReport('da')).toEqual({ ok: false, error: REPORT_MESSAGES.target });
  });
});
