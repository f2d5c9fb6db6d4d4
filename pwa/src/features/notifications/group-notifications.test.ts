import { describe, expect, it } from 'vitest';
import type { NotificationDoc } from '../../../../schema/entities.ts';
import { groupNotifications, groupText } from './group-notifications.ts';

const n = (id: string, conversationId: string, read = false, message = `m${id}`): NotificationDoc => ({
  id,
  senderId: 'maria',
  conversationId,
  link: conversationId ? `/chat/${conversationId}` : '/profil/me',
  message,
  read,
  createdAt: `2026-01-01T00:00:${id.padStart(2, '0')}Z`,
});

describe('groupNotifications', () => {
  it('one card per conversation, newest first; reviews stay alone', () => {
    const list = [n('9', 'a'), n('8', 'b'), n('7', 'a', true), n('6', ''), n('5', ''), n('4', 'a')];
    const groups = groupNotifications(list);
    expect(groups.map((g) => [g.latest.id, g.items.length, g.unread])).toEqual([
      ['9', 3, true],
      ['8', 1, true],
      ['6', 1, true],
      ['5', 1, true],
    ]);
    expect(groupNotifications([n('2', 'a', true), n('1', 'a', true)])[0]!.unread).toBe(false);
  });

  it('says "Maria ți-a trimis 5 mesaje" for several, the message itself for one', () => {
    const five = groupNotifications(['5', '4', '3', '2', '1'].map((id) => n(id, 'a')));
    expect(five).toHaveLength(1);
    expect(groupText(five[0]!, 'Maria')).toBe('Maria ți-a trimis 5 mesaje');
    const twenty = groupNotifications(Array.from({ length: 20 }, (_, i) => n(String(i + 1), 'a')));
    expect(groupText(twenty[0]!, 'Maria')).toBe('Maria ți-a trimis 20 de mesaje');
    const one = groupNotifications([n('1', 'a', false, 'Bună, mai este?')]);
    expect(groupText(one[0]!, 'Maria')).toBe('Bună, mai este?');
  });
});
