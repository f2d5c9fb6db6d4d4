import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/despre')({ component: AboutPage });

function AboutPage() {
  return <ComingSoon title="Despre noi" />;
}
