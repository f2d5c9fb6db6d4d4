import { createFileRoute } from '@tanstack/react-router';
import { RequireAuth } from '../features/auth/RequireAuth.tsx';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/setari-cont')({ component: SettingsPage });

function SettingsPage() {
  return (
    <RequireAuth>
      <ComingSoon title="Setări cont" />
    </RequireAuth>
  );
}
