// @vitest-environment happy-dom

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TIMINGS } from '../../../../schema/constants.ts';
import type { MessageDoc } from '../../../../schema/entities.ts';
import { SCAM_WARNING } from '../../../../schema/rules/scam.ts';
import { openDatabase } from '../../db/database.ts';
import { setCurrentDatabase } from '../../db/registry.ts';
import type { HobbizDatabase } from '../../db/types.ts';
import { useToast } from '../shell/toast.ts';
import { MessageBubble } from './MessageBubble.tsx';

/**
 * One message as both people see it, over a real RxDB (Dexie on fake-indexeddb): who may delete, the
 * status ticks, the scam warning, reactions toggled in the database, copying, reporting.
 */
const ME = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'cccccccccccccccccccccccc';

// Signed in before the session store reads the storage (the report dialog asks it who reports).
vi.hoisted(() => {
  localStorage.setItem('token', 't');
  localStorage.setItem('userId', 'aaaaaaaaaaaaaaaaaaaaaaaa');
  localStorage.setItem(
    'hobbiz_profile',
    JSON.stringify({ _id: 'aaaaaaaaaaaaaaaaaaaaaaaa', firstName: 'Eu' }),
  );
});

let db: HobbizDatabase;
beforeAll(async () => {
  expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('t');
  db = await openDatabase(ME, ['messages'], getRxStorageDexie({ indexedDB: new IDBFactory(), IDBKeyRange }));
});
afterAll(() => db.close());
beforeEach(async () => {
  await db.messages.find().remove();
  setCurrentDatabase(db);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}')),
  );
});
afterEach(() => {
  cleanup();
  setCurrentDatabase(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

let n = 0;
function message(over: Partial<MessageDoc> = {}): MessageDoc {
  n++;
  return {
    id: `0123456789abcdef${String(n).padStart(8, '0')}`,
    conversationId: `${OTHER}-${ME}-bbbbbbbbbbbbbbbbbbbbbbbb`,
    announcementId: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    senderId: OTHER,
    recipientId: ME,
    text: 'Bună! Mai este disponibil?',
    image: '',
    fileName: '',
    replyTo: null,
    reactions: [],
    isRead: false,
    createdAt: new Date(2026, 10, 22, 14, 5).toISOString(),
    ...over,
  };
}

function Toast() {
  const t = useToast();
  return t ? <p data-kind={t.kind}>{t.text}</p> : null;
}

async function show(m: MessageDoc, sellerId?: string) {
  await db.messages.insert(m);
  const onReply = vi.fn();
  const names: Record<string, string> = { [OTHER]: 'Ana', [ME]: 'Tu' };
  render(
    <>
      <MessageBubble
        message={m}
        meId={ME}
        nameOf={(id) => names[id] ?? '?'}
        onReply={onReply}
        sellerId={sellerId}
      />
      <Toast />
    </>,
  );
  return { onReply, stored: async () => (await db.messages.findOne(m.id).exec())?.toJSON() };
}
const button = (name: string) => screen.getByRole('button', { name });

describe('whose message it is', () => {
  it('someone else’s: can be reported, not deleted, and shows no status', async () => {
    await show(message());
    expect(screen.getByText('Bună! Mai este disponibil?')).toBeTruthy();
    expect(screen.getByText('14:05')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Șterge' })).toBeNull();
    expect(button('Raportează')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Trimis|Citit|În așteptare/ })).toBeNull();
  });

  it('one’s own: can be deleted, not reported, with ✓ when sent and ✓✓ when read', async () => {
    await show(message({ senderId: ME, recipientId: OTHER }));
    expect(button('Șterge')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Raportează' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Trimis' }).textContent).toBe('✓');
    cleanup();
    await show(message({ senderId: ME, recipientId: OTHER, isRead: true }));
    expect(screen.getByRole('img', { name: 'Citit' }).textContent).toBe('✓✓');
  });

  it('one not yet confirmed by the server is one’s own, waiting', async () => {
    await show(message({ senderId: '', recipientId: OTHER }));
    expect(screen.getByRole('img', { name: 'În așteptare' })).toBeTruthy();
    expect(button('Șterge')).toBeTruthy();
  });
});

describe('the scam warning', () => {
  it('is shown under someone else’s message asking for money in advance or card data', async () => {
    await show(message({ text: 'Trimite-mi avansul de 200 lei și îți expediez mâine.' }));
    expect(screen.getByText(SCAM_WARNING)).toBeTruthy();
    cleanup();
    await show(message({ text: 'Am nevoie de CVV-ul cardului pentru plată.' }));
    expect(screen.getByText(SCAM_WARNING)).toBeTruthy();
  });

  it('is not shown under an ordinary message, nor under one’s own', async () => {
    await show(message({ text: 'Ne vedem mâine la 5?' }));
    expect(screen.queryByText(SCAM_WARNING)).toBeNull();
    cleanup();
    await show(message({ senderId: ME, text: 'Trimite-mi avansul de 200 lei.' }));
    expect(screen.queryByText(SCAM_WARNING)).toBeNull();
  });
});

describe('the scam warning on card numbers and IBANs (issue 45)', () => {
  const IBAN = 'Poți plăti în contul RO49 AAAA 1B31 0075 9384 0000';
  it('warns on a bare card number and on an IBAN from the buying side', async () => {
    await show(message({ text: '4111 1111 1111 1111, exp 12/28' }));
    expect(screen.getByText(SCAM_WARNING)).toBeTruthy();
    cleanup();
    // I sell (the announcement is mine): the buyer sends an account.
    await show(message({ text: IBAN }), ME);
    expect(screen.getByText(SCAM_WARNING)).toBeTruthy();
  });

  it("leaves the seller's own account alone", async () => {
    await show(message({ text: IBAN }), OTHER);
    expect(screen.queryByText(SCAM_WARNING)).toBeNull();
  });
});

describe('reactions', () => {
  it('groups them by emoji with their count and marks one’s own', async () => {
    await show(
      message({
        reactions: [
          { emoji: '👍', userId: OTHER },
          { emoji: '👍', userId: ME },
          { emoji: '❤️', userId: OTHER },
        ],
      }),
    );
    expect(button('👍 2').getAttribute('aria-pressed')).toBe('true');
    expect(button('❤️ 1').getAttribute('aria-pressed')).toBe('false');
  });

  it('a click on one’s own reaction takes it back; on another adds one’s own', async () => {
    const b = await show(
      message({
        reactions: [
          { emoji: '👍', userId: ME },
          { emoji: '❤️', userId: OTHER },
        ],
      }),
    );
    await act(async () => fireEvent.click(button('👍 1')));
    await vi.waitFor(async () =>
      expect((await b.stored())?.reactions).toEqual([{ emoji: '❤️', userId: OTHER }]),
    );
    await act(async () => fireEvent.click(button('❤️ 1')));
    await vi.waitFor(async () =>
      expect((await b.stored())?.reactions).toEqual([
        { emoji: '❤️', userId: OTHER },
        { emoji: '❤️', userId: ME },
      ]),
    );
  });

  it('‘Reacționează’ offers six quick reactions, and ‘Mai multe’ the whole grid', async () => {
    const b = await show(message());
    const react = button('Reacționează');
    fireEvent.click(react);
    expect(react.getAttribute('aria-expanded')).toBe('true');
    const quick = screen.getByRole('group', { name: 'Reacții rapide' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((x) => x.textContent),
    ).toEqual(['👍', '❤️', '😂', '😮', '😢', '🙏', 'Mai multe']);
    fireEvent.click(within(quick).getByRole('button', { name: 'Mai multe' }));
    const grid = screen.getByRole('group', { name: 'Alege o reacție' });
    expect(within(grid).getAllByRole('button')).toHaveLength(28);
    await act(async () => fireEvent.click(within(grid).getByRole('button', { name: '🔥' })));
    expect(screen.queryByRole('group', { name: 'Alege o reacție' })).toBeNull();
    await vi.waitFor(async () =>
      expect((await b.stored())?.reactions).toEqual([{ emoji: '🔥', userId: ME }]),
    );
  });
});

describe('deleting', () => {
  it('asks first, says it goes for both, and only then removes the message', async () => {
    const b = await show(message({ senderId: ME, recipientId: OTHER }));
    fireEvent.click(button('Șterge'));
    const dialog = screen.getByRole('dialog', { name: 'Ștergi mesajul?' });
    expect(within(dialog).getByText('Mesajul va dispărea pentru amândoi.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anulează' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await b.stored()).toBeDefined();

    fireEvent.click(button('Șterge'));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Șterge' })),
    );
    await vi.waitFor(async () => expect(await b.stored()).toBeUndefined());
  });

  it('says so when the message could not be deleted', async () => {
    await show(message({ senderId: ME }));
    setCurrentDatabase(null);
    fireEvent.click(button('Șterge'));
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Șterge' })),
    );
    const toast = await screen.findByText('Mesajul nu a putut fi șters.');
    expect(toast.getAttribute('data-kind')).toBe('error');
  });
});

describe('copying, answering, quoting', () => {
  it('‘Copiază’ puts the text on the clipboard and says ‘Copiat!’ for a moment', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await show(message({ text: 'IBAN-ul e în anunț.' }));
    await act(async () => fireEvent.click(button('Copiază')));
    expect(writeText).toHaveBeenCalledWith('IBAN-ul e în anunț.');
    expect(screen.getByRole('status').textContent).toBe('Copiat!');
    await act(async () => vi.advanceTimersByTime(TIMINGS.toastMs));
    expect(screen.queryByText('Copiat!')).toBeNull();
  });

  it('says so when the text could not be copied', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new Error('no')) },
      configurable: true,
    });
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    await show(message());
    await act(async () => fireEvent.click(button('Copiază')));
    expect((await screen.findByText('Textul nu a putut fi copiat.')).getAttribute('data-kind')).toBe('error');
  });

  it('‘Răspunde’ hands the message to the composer', async () => {
    const m = message();
    const b = await show(m);
    fireEvent.click(button('Răspunde'));
    expect(b.onReply).toHaveBeenCalledWith(m);
  });

  it('quotes the answered message with its author, and a text-less picture as ‘Imagine’', async () => {
    await show(
      message({
        senderId: ME,
        replyTo: {
          messageId: '0123456789abcdef99999999',
          senderId: OTHER,
          text: '',
          image: '/uploads/chat/ab.jpg',
        },
      }),
    );
    const quote = document.querySelector('blockquote') as HTMLElement;
    expect(within(quote).getByText('Ana')).toBeTruthy();
    expect(within(quote).getByText('Imagine')).toBeTruthy();
  });
});

describe('reporting', () => {
  it('‘Raportează’ opens the report of this message, titled by its text', async () => {
    await show(message({ text: 'Plătește aici: http://curier-verificare.example/plata' }));
    fireEvent.click(button('Raportează'));
    const dialog = screen.getByRole('dialog', { name: 'Raportează mesajul' });
    expect(within(dialog).getByText('„Plătește aici: http://curier-verificare.example/plata”')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anulează' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('long-press on a touch screen', () => {
  it('opens the action bar after a held touch, not a click, and a tap elsewhere closes it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const m = message();
    await show(m);
    const root = document.querySelector(`[data-message-id="${m.id}"]`) as HTMLElement;
    fireEvent.pointerDown(root, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TIMINGS.longPressMs));
    expect(root.classList.contains('msg--open')).toBe(false);

    fireEvent.pointerDown(root, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TIMINGS.longPressMs - 50));
    fireEvent.pointerUp(root);
    act(() => vi.advanceTimersByTime(100));
    expect(root.classList.contains('msg--open')).toBe(false);

    fireEvent.pointerDown(root, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TIMINGS.longPressMs));
    expect(root.classList.contains('msg--open')).toBe(true);
    fireEvent.pointerDown(document.body);
    expect(root.classList.contains('msg--open')).toBe(false);
  });
});
