import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ATTACHMENT_ACCEPT,
  attachmentLabel,
  attachmentPreview,
  checkAttachment,
  sendAttachmentMessage,
} from './attachments.ts';

/** A message with a file goes over REST; what the picker offers and how a file is named in the chat. */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('sendAttachmentMessage', () => {
  const file = new File(['%PDF'], 'Ofertă.pdf', { type: 'application/pdf' });

  it('posts the announcement, the recipient, the text, the quoted message and the file under its name', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    const replyTo = { messageId: 'm0', senderId: 'u2', text: 'Preț?', image: '' };
    await sendAttachmentMessage({ announcementId: 'a1', recipientId: 'u2', text: 'Uite', file, replyTo });
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe('/api/messages');
    expect((init as RequestInit).method).toBe('POST');
    const form = (init as RequestInit).body as FormData;
    expect(form.get('announcementId')).toBe('a1');
    expect(form.get('destinatarId')).toBe('u2');
    expect(form.get('text')).toBe('Uite');
    expect(JSON.parse(String(form.get('replyTo')))).toEqual(replyTo);
    expect(form.get('imageFile')).toBe('Ofertă.pdf');
    expect((form.get('image') as File).name).toBe('Ofertă.pdf');
  });

  it('sends no replyTo field when the message answers nothing', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 201 }));
    await sendAttachmentMessage({ announcementId: 'a1', recipientId: '', text: '', file, replyTo: null });
    expect((((fetchMock.mock.calls[0]?.[1] ?? {}) as RequestInit).body as FormData).has('replyTo')).toBe(
      false,
    );
  });

  it('throws the server’s refusal so the composer keeps the draft and shows it', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 'Nu îți poți trimite mesaje pe propriul anunț.' }), {
        status: 400,
      }),
    );
    await expect(
      sendAttachmentMessage({ announcementId: 'a1', recipientId: '', text: '', file, replyTo: null }),
    ).rejects.toThrow('Nu îți poți trimite mesaje pe propriul anunț.');
  });
});

describe('what the picker offers and how files are named', () => {
  it('offers the eight kinds by type and by extension, and no SVG', () => {
    const accepted = ATTACHMENT_ACCEPT.split(',');
    for (const t of [
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'application/pdf',
      'text/plain',
      '.docx',
      '.jpg',
    ]) {
      expect(accepted).toContain(t);
    }
    expect(accepted).not.toContain('image/svg+xml');
  });

  it('checks the size before the type: a 20 MB .exe is “too large”', () => {
    expect(checkAttachment({ name: 'a.exe', type: 'application/x-msdownload', size: 20 * 1024 * 1024 })).toBe(
      'Fișierul este prea mare. Mărimea maximă permisă este 10MB.',
    );
  });

  it('names a text-less attachment ‘Imagine’, ‘Fișier: name’, or by its kind for old messages', () => {
    expect(attachmentPreview('/uploads/chat/ab.webp', 'poza.webp')).toBe('Imagine');
    expect(attachmentPreview('/uploads/chat/ab.pdf', 'Ofertă.pdf')).toBe('Fișier: Ofertă.pdf');
    expect(attachmentPreview('/uploads/chat/ab.docx')).toBe('Fișier DOCX');
    expect(attachmentLabel({ image: '/uploads/chat/ab.txt', fileName: '' })).toBe('Fișier TXT');
    expect(attachmentLabel({ image: '/uploads/chat/ab', fileName: '' })).toBe('Fișier');
  });
});
