import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/contact')({ component: ContactPage });

function ContactPage() {
  return <ComingSoon title="Contact" />;
}
