import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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
      aria-label={label}
      title={label}
    >
      {children}
      <Badge count={count} />
    </Link>
  );
}
