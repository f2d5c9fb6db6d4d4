import { describe, expect, it } from 'vitest';
import { notificationKind, unreadCardCount } from './notification-cards.ts';

describe('notification cards', () => {
  it('counts one card per conversation and one per other notification', () => {
    const msg = (id: string, conversationId: string) => ({ id, conversationId });
    expect(unreadCardCount([msg('1', 'a'), msg('2', 'a'), msg('3', 'a'), msg('4', 'a'), msg('5', 'a')])).toBe(
      1,
    );
    expect(unreadCardCount([msg('1', 'a'), msg('2', 'b'), msg('3', ''), msg('4', '')])).toBe(4);
    expect(unreadCardCount([])).toBe(0);
  });

  it('tells a message, a review and a moderation notice apart (issue 45)', () => {
    expect(notificationKind({ senderId: 'u1', conversationId: 'c1', link: '/chat/c1' })).toBe('message');
    expect(notificationKind({ senderId: 'u1', conversationId: '', link: '/profil/u2' })).toBe('review');
    expect(notificationKind({ senderId: '', conversationId: '', link: '/notificari' })).toBe('moderation');
    expect(notificationKind({ senderId: '', conversationId: '', link: '/anunturile-mele' })).toBe(
      'moderation',
    );
  });
});
