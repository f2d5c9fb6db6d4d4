import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/termeni')({ component: TermsPage });

function TermsPage() {
  return <ComingSoon title="Termeni și condiții" />;
}
