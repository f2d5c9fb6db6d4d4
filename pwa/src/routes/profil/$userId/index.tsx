import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/ComingSoon.tsx';

export const Route = createFileRoute('/profil/$userId/')({ component: PublicProfilePage });

function PublicProfilePage() {
  return <ComingSoon title="Profil public" />;
}
