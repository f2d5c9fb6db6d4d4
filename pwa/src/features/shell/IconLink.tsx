import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { badgeText } from '../../../../schema/format.ts';
import { Badge } from '../../ui/Badge.tsx';

type Props = {
  to: '/favorite-announcements' | '/notificari' | '/chat' | '/login';
  label: string;
  count: number;
  children: ReactNode;
  className?: string;
};

/** Round icon link with a count badge (favourites, notifications, messages). */
export function IconLink({ to, label, count, children, className }: Props) {
  return (
    <Link
      to={to}
      className={className ? `icon-btn ${className}` : 'icon-btn'}
      // The count is part of the name: the visual badge is hidden from screen readers.
      aria-label={count > 0 ? `${label} (${badgeText(count)})` : label}
      title={label}
    >
      {children}
      <Badge count={count} />
    </Link>
  );
}
