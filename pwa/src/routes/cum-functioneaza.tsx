import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/cum-functioneaza')({ component: HowItWorksPage });

function HowItWorksPage() {
  return <ComingSoon title="Cum funcționează" />;
}
