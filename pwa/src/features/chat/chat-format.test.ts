import { describe, expect, it } from 'vitest';
import { dayLabel, isNewDay, listTime, messageTime } from './chat-format.ts';

/** The chat's times in Romanian (chat-rules.test.ts covers the common cases of the day separator). */
describe('messageTime', () => {
  it('shows a message’s hour and minute on the 24-hour clock', () => {
    expect(messageTime(new Date(2026, 10, 22, 14, 5).toISOString())).toBe('14:05');
    expect(messageTime(new Date(2026, 10, 22, 0, 7).toISOString())).toBe('00:07');
  });
  it('shows nothing for a message the server has not dated yet, or a broken date', () => {
    expect(messageTime('')).toBe('');
    expect(messageTime('nu e o dată')).toBe('');
  });
});

describe('dayLabel across month and year ends', () => {
  it('calls the last day of the previous year ‘Ieri’ on 1 January', () => {
    const newYear = new Date(2027, 0, 1, 9, 0);
    expect(dayLabel(new Date(2026, 11, 31, 22, 0).toISOString(), newYear)).toBe('Ieri');
    expect(dayLabel(new Date(2026, 11, 30, 22, 0).toISOString(), newYear)).toBe(
      'miercuri, 30 decembrie 2026',
    );
  });
  it('does not call the same day of another month ‘Astăzi’', () => {
    const now = new Date(2026, 10, 22, 12, 0);
    expect(dayLabel(new Date(2026, 9, 22, 12, 0).toISOString(), now)).toBe('joi, 22 octombrie 2026');
    expect(dayLabel(new Date(2025, 10, 22, 12, 0).toISOString(), now)).not.toBe('Astăzi');
  });
  it('gives no label for a broken date', () => {
    expect(dayLabel('x')).toBe('');
  });
});

describe('isNewDay and listTime', () => {
  it('puts no separator between two messages of the same day, hours apart', () => {
    expect(
      isNewDay(new Date(2026, 10, 22, 0, 0).toISOString(), new Date(2026, 10, 22, 23, 59).toISOString()),
    ).toBe(false);
  });
  it('shows nothing in the list for a conversation without a date', () => {
    expect(listTime('')).toBe('');
    expect(listTime('x')).toBe('');
  });
  it('shows yesterday’s conversation by its date, not its hour', () => {
    const now = new Date(2026, 10, 22, 0, 30);
    expect(listTime(new Date(2026, 10, 21, 23, 50).toISOString(), now)).toBe('21 noiembrie 2026');
  });
});
