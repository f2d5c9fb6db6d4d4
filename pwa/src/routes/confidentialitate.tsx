import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/confidentialitate')({ component: PrivacyPage });

function PrivacyPage() {
  return <ComingSoon title="Politică de Confidențialitate" />;
}
