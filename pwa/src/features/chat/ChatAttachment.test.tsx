// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../schema/constants.ts';
import type { MessageDoc } from '../../../../schema/entities.ts';
import { ChatAttachment } from './ChatAttachment.tsx';

/**
 * A message's file (use-chat-file.ts): fetched with the bearer token and shown as an object URL that is
 * released when the bubble goes. `fetch` and the object URLs are the browser's edges, faked here.
 */
const fetchMock = vi.fn<typeof fetch>();
let created: string[];
let revoked: string[];
beforeEach(() => {
  localStorage.setItem(STORAGE_KEYS.token, 'tok-1');
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  created = [];
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:file-${created.length}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const IMAGE = '/uploads/chat/0123456789abcdef0123456789abcdef.jpg';
const PDF = '/uploads/chat/0123456789abcdef0123456789abcdef.pdf';
const message = (image: string, fileName = ''): MessageDoc => ({
  id: 'm1',
  conversationId: 'c',
  announcementId: 'a',
  senderId: 'u2',
  recipientId: 'u1',
  text: '',
  image,
  fileName,
  replyTo: null,
  reactions: [],
  isRead: false,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const bytes = () => new Response(new Blob(['x'], { type: 'image/jpeg' }));

describe('a picture', () => {
  it('waits, then shows the bytes fetched with the token, and releases them when the bubble goes', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    const { container, unmount } = render(<ChatAttachment message={message(IMAGE)} />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(IMAGE, { headers: { Authorization: 'Bearer tok-1' } });

    await act(async () => answer(bytes()));
    const img = await screen.findByRole('img', { name: 'Imagine trimisă' });
    expect(img.getAttribute('src')).toBe('blob:file-0');
    expect(img.closest('a')?.getAttribute('href')).toBe('blob:file-0');
    unmount();
    expect(revoked).toEqual(['blob:file-0']);
  });

  it('says it cannot be shown when the file cannot be had (offline, gone, not allowed)', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 404 }));
    render(<ChatAttachment message={message(IMAGE)} />);
    expect(await screen.findByText('Imaginea nu poate fi afișată acum.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('makes no object URL for a bubble gone before the bytes arrived (nothing leaks)', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    const { unmount } = render(<ChatAttachment message={message(IMAGE)} />);
    unmount();
    await act(async () => answer(bytes()));
    expect(created).toEqual([]);
  });

  it('uses a device preview (not a server path) as it is, without fetching', () => {
    render(<ChatAttachment message={message('blob:http://localhost/preview.jpg')} />);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Imagine trimisă' }).getAttribute('src')).toBe(
      'blob:http://localhost/preview.jpg',
    );
  });

  it('fetches the new file and releases the old one when the message’s file changes', async () => {
    fetchMock.mockImplementation(async () => bytes());
    const { rerender } = render(<ChatAttachment message={message(IMAGE)} />);
    await screen.findByRole('img');
    const next = '/uploads/chat/ffffffffffffffffffffffffffffffff.png';
    rerender(<ChatAttachment message={message(next)} />);
    expect(revoked).toEqual(['blob:file-0']);
    await vi.waitFor(() => expect(screen.getByRole('img').getAttribute('src')).toBe('blob:file-1'));
    expect(fetchMock.mock.calls.map(([p]) => p)).toEqual([IMAGE, next]);
  });
});

describe('a document', () => {
  it('is a download link under its name once the bytes are here, disabled until then', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    render(<ChatAttachment message={message(PDF, 'Ofertă.pdf')} />);
    const link = screen.getByText('Ofertă.pdf').closest('a') as HTMLAnchorElement;
    expect(link.getAttribute('aria-disabled')).toBe('true');
    expect(link.hasAttribute('href')).toBe(false);
    await act(async () => answer(new Response(new Blob(['%PDF']))));
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('blob:file-0'));
    expect(link.getAttribute('download')).toBe('Ofertă.pdf');
    expect(link.hasAttribute('aria-disabled')).toBe(false);
  });

  it('an old message without a name shows the file’s kind; unavailable, it says so', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<ChatAttachment message={message(PDF)} />);
    expect(await screen.findByText('Fișier PDF · indisponibil acum')).toBeTruthy();
  });
});
