import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../session/use-session.ts';

/** Signed-in-only pages: guests go to /login; while the session is being checked, a short wait line. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'guest') return <Navigate to="/login" replace />;
  if (status === 'loading') {
    return (
      <p className="page muted" role="status">
        Se încarcă...
      </p>
    );
  }
  return children;
}
