import { createLazyFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm.tsx';

export const Route = createLazyFileRoute('/forgot-password')({ component: ForgotPasswordPage });

function ForgotPasswordPage() {
  return (
    <section className="auth">
      <div className="auth-card">
        <h1>Resetează parola</h1>
        <ForgotPasswordForm />
      </div>
    </section>
  );
}
