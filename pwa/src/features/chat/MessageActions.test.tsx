// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageActions } from './MessageActions.tsx';
import { ReactionChips } from './ReactionChips.tsx';

/** The action bar and the reaction chips on their own (MessageBubble.test.tsx shows them on a message). */
afterEach(cleanup);

function bar(own: boolean, withReport = true) {
  const props = { onReply: vi.fn(), onReact: vi.fn(), onCopy: vi.fn(), onDelete: vi.fn(), onReport: vi.fn() };
  render(<MessageActions own={own} {...props} onReport={withReport ? props.onReport : undefined} />);
  const toolbar = screen.getByRole('toolbar', { name: 'Acțiuni mesaj' });
  const names = () =>
    within(toolbar)
      .getAllByRole('button')
      .map((b) => b.textContent);
  return { ...props, toolbar, names };
}

describe('MessageActions', () => {
  it('offers delete only on one’s own message, and report only on someone else’s', () => {
    expect(bar(true).names()).toEqual(['Răspunde', 'Reacționează', 'Copiază', 'Șterge']);
    cleanup();
    expect(bar(false).names()).toEqual(['Răspunde', 'Reacționează', 'Copiază', 'Raportează']);
    cleanup();
    // Where reporting is not offered (no handler), nothing stands in for it.
    expect(bar(false, false).names()).toEqual(['Răspunde', 'Reacționează', 'Copiază']);
  });

  it('each button does its one thing', () => {
    const b = bar(false);
    fireEvent.click(screen.getByRole('button', { name: 'Răspunde' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copiază' }));
    fireEvent.click(screen.getByRole('button', { name: 'Raportează' }));
    expect([b.onReply, b.onCopy, b.onReport].map((f) => f.mock.calls.length)).toEqual([1, 1, 1]);
    expect(b.onDelete).not.toHaveBeenCalled();
  });

  it('a second click on ‘Reacționează’ closes the picker; a pick closes it and reacts once', () => {
    const b = bar(true);
    const react = screen.getByRole('button', { name: 'Reacționează' });
    fireEvent.click(react);
    fireEvent.click(react);
    expect(screen.queryByRole('group', { name: 'Reacții rapide' })).toBeNull();
    fireEvent.click(react);
    fireEvent.click(screen.getByRole('button', { name: '😮' }));
    expect(b.onReact.mock.calls).toEqual([['😮']]);
    expect(react.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('ReactionChips', () => {
  it('shows nothing without reactions', () => {
    const { container } = render(<ReactionChips reactions={[]} meId="u1" onToggle={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('keeps the order reactions came in and toggles the clicked emoji', () => {
    const onToggle = vi.fn();
    render(
      <ReactionChips
        reactions={[
          { emoji: '😂', userId: 'u2' },
          { emoji: '👍', userId: 'u3' },
          { emoji: '😂', userId: 'u1' },
        ]}
        meId="u1"
        onToggle={onToggle}
      />,
    );
    const chips = screen.getAllByRole('button');
    expect(chips.map((c) => [c.getAttribute('aria-label'), c.getAttribute('aria-pressed')])).toEqual([
      ['😂 2', 'true'],
      ['👍 1', 'false'],
    ]);
    fireEvent.click(chips[1]!);
    expect(onToggle).toHaveBeenCalledWith('👍');
  });
});
