import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  return <ComingSoon title="Resetează parola" />;
}
