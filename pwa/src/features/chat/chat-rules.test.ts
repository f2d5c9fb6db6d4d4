import { describe, expect, it } from 'vitest';
import { CHAT_POPUP, LIMITS } from '../../../../schema/constants.ts';
import { ATTACHMENT_MESSAGES } from '../../../../schema/rules/messages.ts';
import { checkAttachment, isImagePath } from './attachments.ts';
import { dayLabel, isNewDay, listTime } from './chat-format.ts';
import { EMOJIS, QUICK_REACTIONS } from './emojis.ts';
import { clampPopupSize } from './use-popup-size.ts';

describe('attachments (spec doc 2 §5)', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it('accepts the eight kinds, Word files also by extension when the browser gives no type', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.pdf', 'application/pdf'],
      ['a.txt', 'text/plain'],
      ['a.doc', 'application/msword'],
      ['a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['a.docx', ''],
    ] as const) {
      expect(checkAttachment(file(name, type)), name).toBeNull();
    }
  });
  it('refuses other kinds and anything over 10 MB with the spec’s messages', () => {
    expect(checkAttachment(file('a.exe', 'application/x-msdownload'))).toBe(ATTACHMENT_MESSAGES.unsupported);
    expect(checkAttachment(file('a.svg', 'image/svg+xml'))).toBe(ATTACHMENT_MESSAGES.unsupported);
    expect(checkAttachment(file('a.zip', ''))).toBe(ATTACHMENT_MESSAGES.unsupported);
    expect(checkAttachment(file('a.jpg', 'image/jpeg', LIMITS.attachmentMaxBytes))).toBeNull();
    expect(checkAttachment(file('a.jpg', 'image/jpeg', LIMITS.attachmentMaxBytes + 1))).toBe(
      ATTACHMENT_MESSAGES.tooLarge,
    );
    expect(ATTACHMENT_MESSAGES.tooLarge).toBe('Fișierul este prea mare. Mărimea maximă permisă este 10MB.');
  });
  it('shows stored images as pictures and other files as links', () => {
    expect(isImagePath('/uploads/chat/ab.jpg')).toBe(true);
    expect(isImagePath('/uploads/chat/ab.pdf')).toBe(false);
  });
});

describe('chat dates (ro-RO)', () => {
  const now = new Date(2026, 10, 22, 15, 0);
  it('labels days as Astăzi, Ieri, or weekday and long date', () => {
    expect(dayLabel(new Date(2026, 10, 22, 8, 0).toISOString(), now)).toBe('Astăzi');
    expect(dayLabel(new Date(2026, 10, 21, 23, 59).toISOString(), now)).toBe('Ieri');
    expect(dayLabel(new Date(2026, 10, 17, 12, 0).toISOString(), now)).toBe('marți, 17 noiembrie 2026');
  });
  it('puts a separator before the first message and at each change of day', () => {
    const a = new Date(2026, 10, 21, 23, 59).toISOString();
    const b = new Date(2026, 10, 22, 0, 1).toISOString();
    expect(isNewDay(undefined, a)).toBe(true);
    expect(isNewDay(a, b)).toBe(true);
    expect(isNewDay(b, b)).toBe(false);
  });
  it('lists today’s conversations by hour, older ones by date', () => {
    expect(listTime(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe('09:05');
    expect(listTime(new Date(2026, 0, 2, 9, 5).toISOString(), now)).toBe('02 ianuarie 2026');
  });
});

describe('popup', () => {
  it('offers exactly 28 emojis, all different', () => {
    expect(EMOJIS).toHaveLength(LIMITS.emojiPickerCount);
    expect(new Set(EMOJIS).size).toBe(EMOJIS.length);
    expect(QUICK_REACTIONS.every((e) => EMOJIS.includes(e))).toBe(true);
  });
  it('keeps its size between 320×360 and min(900, w−64) × min(h−80, 900)', () => {
    const win = { width: 1400, height: 900 };
    expect(clampPopupSize({ width: 100, height: 100 }, win)).toEqual({
      width: CHAT_POPUP.minWidth,
      height: CHAT_POPUP.minHeight,
    });
    expect(clampPopupSize({ width: 5000, height: 5000 }, win)).toEqual({ width: 900, height: 820 });
    expect(clampPopupSize({ width: 5000, height: 5000 }, { width: 1200, height: 2000 })).toEqual({
      width: 900,
      height: 900,
    });
    expect(clampPopupSize({ width: 5000, height: 500 }, { width: 1250, height: 900 })).toEqual({
      width: 900,
      height: 500,
    });
    expect(clampPopupSize({ width: 440, height: 450 }, win)).toEqual({ width: 440, height: 450 });
  });
});
