// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatFileOutbox, type QueuedAttachment } from '../../db/device-outbox.ts';
import { QueuedBubble } from './QueuedBubble.tsx';

/** A message with a file written offline: on screen at once, waiting, and can be taken back before it goes. */
let created: string[];
let revoked: string[];
beforeEach(async () => {
  await chatFileOutbox.clear();
  created = [];
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    const url = `blob:queued-${created.length}`;
    created.push(url);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const item = (file: Blob, name: string, text = ''): QueuedAttachment => ({
  id: '0123456789abcdef01234567',
  userId: 'u1',
  conversationId: 'c1',
  announcementId: 'a1',
  recipientId: '',
  text,
  replyTo: null,
  file,
  name,
  queuedAt: '2026-11-20T10:00:00.000Z',
});

describe('QueuedBubble', () => {
  it('shows a waiting picture from the device’s copy and releases it when the message is gone', () => {
    const { unmount } = render(
      <QueuedBubble item={item(new Blob(['JPEG'], { type: 'image/jpeg' }), 'poza.jpg', 'Uite')} />,
    );
    expect(screen.getByRole('img', { name: 'Imagine în așteptare' }).getAttribute('src')).toBe(
      'blob:queued-0',
    );
    expect(screen.getByText('Uite')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'În așteptare' })).toBeTruthy();
    unmount();
    expect(revoked).toEqual(['blob:queued-0']);
  });

  it('shows a waiting document by its name, without making a preview', () => {
    render(<QueuedBubble item={item(new Blob(['%PDF'], { type: 'application/pdf' }), 'Ofertă.pdf')} />);
    expect(screen.getByText('Ofertă.pdf')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Imagine în așteptare' })).toBeNull();
    expect(created).toEqual([]);
  });

  it('‘Anulează trimiterea’ takes the file off the device before it is sent', async () => {
    const queued = item(new Blob(['%PDF'], { type: 'application/pdf' }), 'Ofertă.pdf');
    await chatFileOutbox.put(queued.id, { ...queued, file: new Blob() });
    await chatFileOutbox.put('0123456789abcdef0000ffff', {
      ...queued,
      id: '0123456789abcdef0000ffff',
      file: new Blob(),
    });
    render(<QueuedBubble item={queued} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Anulează trimiterea' })));
    await vi.waitFor(async () =>
      expect((await chatFileOutbox.list()).map((q) => q.id)).toEqual(['0123456789abcdef0000ffff']),
    );
  });
});
