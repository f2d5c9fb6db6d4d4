import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/cookie')({ component: CookiePolicyPage });

function CookiePolicyPage() {
  return <ComingSoon title="Politica de cookie-uri" />;
}
