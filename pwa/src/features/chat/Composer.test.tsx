// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageDoc } from '../../../../schema/entities.ts';
import { ATTACHMENT_MESSAGES } from '../../../../schema/rules/messages.ts';
import { Composer, type Outgoing } from './Composer.tsx';

/** The message box as a person uses it: type, attach, pick an emoji, answer a message, send. */
let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:preview-${created.length}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setup(
  opts: { onSend?: (d: Outgoing) => Promise<void>; replyTo?: Parameters<typeof Composer>[0]['replyTo'] } = {},
) {
  const props = {
    onSend: vi.fn(opts.onSend ?? (async () => undefined)),
    onKeystroke: vi.fn(),
    onStopTyping: vi.fn(),
    onCancelReply: vi.fn(),
  };
  render(<Composer {...props} replyTo={opts.replyTo ?? null} />);
  const box = screen.getByRole('textbox', { name: 'Scrie un mesaj' }) as HTMLTextAreaElement;
  const send = screen.getByRole('button', { name: 'Trimite' }) as HTMLButtonElement;
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  const attach = (file: File) =>
    fireEvent.change(screen.getByLabelText('Atașează un fișier'), { target: { files: [file] } });
  return { ...props, box, send, type, attach };
}

const pdf = () => new File(['%PDF-1.4'], 'Ofertă.pdf', { type: 'application/pdf' });
const photo = () => new File(['JPEG'], 'poza.jpg', { type: 'image/jpeg' });

describe('typing and sending', () => {
  it('enables ‘Trimite’ only once there is text that is not just spaces', () => {
    const c = setup();
    expect(c.send.disabled).toBe(true);
    c.type('   ');
    expect(c.send.disabled).toBe(true);
    c.type('Bună!');
    expect(c.send.disabled).toBe(false);
    expect(c.onKeystroke).toHaveBeenCalledTimes(2);
  });

  it('sends the text, stops the typing indicator and empties the box once it went', async () => {
    const c = setup();
    c.type('Mai este disponibil?');
    await act(async () => fireEvent.click(c.send));
    expect(c.onSend).toHaveBeenCalledWith({ text: 'Mai este disponibil?', file: null });
    expect(c.onStopTyping).toHaveBeenCalled();
    expect(c.box.value).toBe('');
    expect(c.send.disabled).toBe(true);
  });

  it('sends with Enter; Shift+Enter is a new line', async () => {
    const c = setup();
    c.type('Salut');
    fireEvent.keyDown(c.box, { key: 'Enter', shiftKey: true });
    expect(c.onSend).not.toHaveBeenCalled();
    await act(async () => fireEvent.keyDown(c.box, { key: 'Enter' }));
    expect(c.onSend).toHaveBeenCalledTimes(1);
  });

  it('sends once while the first send is on its way', async () => {
    let finish: () => void = () => undefined;
    const c = setup({ onSend: () => new Promise<void>((r) => (finish = r)) });
    c.type('Salut');
    await act(async () => fireEvent.keyDown(c.box, { key: 'Enter' }));
    expect(c.send.disabled).toBe(true);
    await act(async () => fireEvent.keyDown(c.box, { key: 'Enter' }));
    expect(c.onSend).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(c.box.value).toBe('');
  });

  it('keeps what was typed and shows the refusal when the send fails', async () => {
    const c = setup({
      onSend: async () => Promise.reject(new Error('Nu poți trimite mesaje acestei persoane.')),
    });
    c.type('Salut');
    await act(async () => fireEvent.click(c.send));
    expect(screen.getByRole('alert').textContent).toBe('Nu poți trimite mesaje acestei persoane.');
    expect(c.box.value).toBe('Salut');
    expect(c.send.disabled).toBe(false);
  });

  it('says a generic Romanian message for a failure without one', async () => {
    const c = setup({ onSend: async () => Promise.reject('?') });
    c.type('Salut');
    await act(async () => fireEvent.click(c.send));
    expect(screen.getByRole('alert').textContent).toBe('Mesajul nu a putut fi trimis. Încearcă din nou.');
  });
});

describe('attachments', () => {
  it('refuses a file over 10 MB with the spec’s message and keeps nothing attached', () => {
    const c = setup();
    const big = new File(['JPEG'], 'mare.jpg', { type: 'image/jpeg' });
    // 10 MB and one byte, without filling the memory.
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    c.attach(big);
    expect(screen.getByRole('alert').textContent).toBe(
      'Fișierul este prea mare. Mărimea maximă permisă este 10MB.',
    );
    expect(screen.queryByRole('button', { name: 'Elimină atașamentul' })).toBeNull();
    expect(c.send.disabled).toBe(true);
  });

  it('refuses a kind the chat does not take', () => {
    const c = setup();
    c.attach(new File(['MZ'], 'program.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByRole('alert').textContent).toBe(ATTACHMENT_MESSAGES.unsupported);
    expect(ATTACHMENT_MESSAGES.unsupported).toBe(
      'Tipul de fișier nu este suportat. Poți încărca imagini, PDF-uri sau documente Word.',
    );
  });

  it('shows a picked document by its name and sends it without text', async () => {
    const c = setup();
    const file = pdf();
    c.attach(file);
    expect(screen.getByText('Ofertă.pdf')).toBeTruthy();
    expect(c.send.disabled).toBe(false);
    await act(async () => fireEvent.click(c.send));
    expect(c.onSend).toHaveBeenCalledWith({ text: '', file });
    expect(screen.queryByText('Ofertă.pdf')).toBeNull();
  });

  it('a good file after a refused one clears the error', () => {
    const c = setup();
    c.attach(new File(['MZ'], 'program.exe', { type: 'application/x-msdownload' }));
    c.attach(pdf());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('previews a picture and releases the preview when it is removed', () => {
    const c = setup();
    c.attach(photo());
    const img = screen.getByRole('img', { name: 'Previzualizare imagine' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(created[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Elimină atașamentul' }));
    expect(screen.queryByRole('img', { name: 'Previzualizare imagine' })).toBeNull();
    expect(revoked).toEqual(created);
    expect(c.send.disabled).toBe(true);
  });

  it('keeps the file when the send fails', async () => {
    const c = setup({ onSend: async () => Promise.reject(new Error('Fișierul nu a putut fi trimis.')) });
    c.attach(pdf());
    await act(async () => fireEvent.click(c.send));
    expect(screen.getByText('Ofertă.pdf')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Fișierul nu a putut fi trimis.');
  });
});

describe('emoji', () => {
  it('adds the picked emoji to the text, and closes the grid after sending', async () => {
    const c = setup();
    const toggle = screen.getByRole('button', { name: 'Emoji' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    c.type('Mulțumesc ');
    fireEvent.click(screen.getByRole('button', { name: '🙏' }));
    expect(c.box.value).toBe('Mulțumesc 🙏');
    await act(async () => fireEvent.click(c.send));
    expect(c.onSend).toHaveBeenCalledWith({ text: 'Mulțumesc 🙏', file: null });
    expect(screen.queryByRole('button', { name: '🙏' })).toBeNull();
  });
});

describe('answering a message', () => {
  const message = (over: Partial<MessageDoc>): MessageDoc => ({
    id: 'm1',
    conversationId: 'c',
    announcementId: 'a',
    senderId: 'u2',
    recipientId: 'u1',
    text: 'Cât costă transportul?',
    image: '',
    fileName: '',
    replyTo: null,
    reactions: [],
    isRead: true,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...over,
  });

  it('says whose message is answered and what it said, and focuses the box', () => {
    const c = setup({ replyTo: { message: message({}), author: 'Ana', own: false } });
    expect(screen.getByText('Răspuns la mesajul de la Ana')).toBeTruthy();
    expect(screen.getByText('Cât costă transportul?')).toBeTruthy();
    expect(document.activeElement).toBe(c.box);
    fireEvent.click(screen.getByRole('button', { name: 'Anulează răspunsul' }));
    expect(c.onCancelReply).toHaveBeenCalled();
  });

  it('names one’s own message, and a text-less file by its name', () => {
    setup({
      replyTo: {
        message: message({ text: ' ', image: '/uploads/chat/ab.pdf', fileName: 'Ofertă.pdf' }),
        author: 'Eu',
        own: true,
      },
    });
    expect(screen.getByText('Răspuns la mesajul tău')).toBeTruthy();
    expect(screen.getByText('Fișier: Ofertă.pdf')).toBeTruthy();
  });
});

describe('focus', () => {
  it('marks the page while the box has focus (the bottom bar steps aside) and stops typing on blur', () => {
    const c = setup();
    fireEvent.focus(c.box);
    expect(document.documentElement.classList.contains('composer-active')).toBe(true);
    fireEvent.blur(c.box);
    expect(document.documentElement.classList.contains('composer-active')).toBe(false);
    expect(c.onStopTyping).toHaveBeenCalled();
  });

  it('clears the mark when the thread is left with the box focused', () => {
    const c = setup();
    fireEvent.focus(c.box);
    cleanup();
    expect(document.documentElement.classList.contains('composer-active')).toBe(false);
  });
});
