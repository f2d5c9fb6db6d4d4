// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationDoc } from '../../../../schema/entities.ts';
import { MODERATION_SENDER_NAME } from '../../../../schema/notification-cards.ts';
import { groupNotifications } from './group-notifications.ts';
import { NotificationItem } from './NotificationItem.tsx';

/** Issue 45 item 6: a moderation notice (no sender) is signed by the team, not 'Utilizator Hobbiz'. */
const note = (over: Partial<NotificationDoc>): NotificationDoc => ({
  id: '0123456789abcdef01234567',
  senderId: '',
  conversationId: '',
  link: '/notificari',
  message: 'Mulțumim pentru raportare: am ascuns anunțul „Tort”.',
  read: false,
  createdAt: new Date(2026, 11, 7, 18, 0).toISOString(),
  ...over,
});
const show = (n: NotificationDoc) => {
  const [group] = groupNotifications([n]);
  render(
    <ul>
      <NotificationItem
        group={group!}
        sender={undefined}
        onClick={() => {}}
        onOpen={() => {}}
        onDelete={() => {}}
      />
    </ul>,
  );
};
afterEach(cleanup);

describe('NotificationItem', () => {
  it('signs a moderation notice as the moderation team', () => {
    show(note({}));
    expect(screen.getByText(MODERATION_SENDER_NAME)).toBeTruthy();
    expect(screen.queryByText('Utilizator Hobbiz')).toBeNull();
  });

  it('still names a person who deleted their account as such', () => {
    show(note({ senderId: 'cccccccccccccccccccccccc', link: '/profil/aaaaaaaaaaaaaaaaaaaaaaaa' }));
    expect(screen.getByText('Utilizator Hobbiz')).toBeTruthy();
  });
});
