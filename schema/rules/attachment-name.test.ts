import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants.ts';
import { ATTACHMENT_MESSAGES, attachmentNameError, fitAttachmentName, messagePreview } from './messages.ts';

const pdf = '/uploads/chat/0123456789abcdef0123456789abcdef.pdf';

describe('fitAttachmentName', () => {
  it('keeps an ordinary name, with diacritics', () => {
    expect(fitAttachmentName('Contract închiriere 2026.pdf', pdf)).toBe('Contract închiriere 2026.pdf');
  });
  it('drops paths, control and bidi characters, leading dots and repeated spaces', () => {
    expect(fitAttachmentName('C:\\Users\\ana\\Factură.pdf', pdf)).toBe('Factură.pdf');
    expect(fitAttachmentName('../../etc/passwd.pdf', pdf)).toBe('passwd.pdf');
    expect(fitAttachmentName('..ascuns   fișier\n.pdf', pdf)).toBe('ascuns fișier.pdf');
    // U+202E would show 'factura\u202Efdp.exe' as 'factura' + 'exe.pdf' reversed.
    expect(fitAttachmentName('factura\u202Efdp.pdf', pdf)).toBe('facturafdp.pdf');
  });
  it('gives the name the stored file’s kind of extension', () => {
    expect(fitAttachmentName('virus.exe', pdf)).toBe('virus.exe.pdf');
    expect(fitAttachmentName('poza.JPEG', '/uploads/chat/ab.jpg')).toBe('poza.JPEG');
    expect(fitAttachmentName('', pdf)).toBe('');
    expect(fitAttachmentName('...', pdf)).toBe('');
  });
  it('caps the length and keeps the extension', () => {
    const long = `${'a'.repeat(300)}.pdf`;
    const fitted = fitAttachmentName(long, pdf);
    expect([...fitted].length).toBeLessThanOrEqual(LIMITS.attachmentNameMax);
    expect(fitted.endsWith('….pdf')).toBe(true);
  });
  it('is stable: fitting a fitted name changes nothing, and it is never too long or unsafe', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: 'grapheme' }), (raw) => {
        const once = fitAttachmentName(raw, pdf);
        expect(fitAttachmentName(once, pdf)).toBe(once);
        expect([...once].length).toBeLessThanOrEqual(LIMITS.attachmentNameMax);
        expect(once).not.toMatch(/[\p{Cc}\p{Cf}/\\]/u);
        expect(attachmentNameError(once, pdf)).toBeNull();
      }),
    );
  });
});

describe('attachmentNameError (the server’s check of a pushed name)', () => {
  it('accepts no name, or exactly the fitted one', () => {
    expect(attachmentNameError('', pdf)).toBeNull();
    expect(attachmentNameError('Ofertă.pdf', pdf)).toBeNull();
  });
  it('refuses anything else, and a name without a file', () => {
    for (const bad of ['a/b.pdf', 'x\u202E.pdf', `${'a'.repeat(200)}.pdf`, 'virus.exe', 42, null]) {
      expect(attachmentNameError(bad, pdf)).toBe(ATTACHMENT_MESSAGES.badName);
    }
    expect(attachmentNameError('a.pdf', '')).toBe(ATTACHMENT_MESSAGES.badName);
  });
});

describe('messagePreview of a message without text', () => {
  it("says 'Imagine' for a picture and the file's name (or kind) for any other file", () => {
    expect(messagePreview('', '/uploads/chat/a.jpg', '')).toBe('Imagine');
    expect(messagePreview('  ', pdf, 'Ofertă.pdf')).toBe('Fișier: Ofertă.pdf');
    expect(messagePreview('', pdf)).toBe('Fișier PDF');
    expect(messagePreview('Uite oferta', pdf, 'Ofertă.pdf')).toBe('Uite oferta');
    expect(messagePreview('', '')).toBe('');
  });
});
