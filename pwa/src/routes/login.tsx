import { createFileRoute } from '@tanstack/react-router';
import { LoginForm } from '../features/auth/LoginForm.tsx';

type LoginSearch = { registered?: 1 };

export const Route = createFileRoute('/login')({
  // '?registered=1' after a successful sign-up.
  validateSearch: (search: Record<string, unknown>): LoginSearch =>
    search.registered === 1 || search.registered === '1' ? { registered: 1 } : {},
  component: LoginPage,
});

function LoginPage() {
  const { registered } = Route.useSearch();
  return (
    <section className="auth">
      <div className="auth-card">
        <h1>Autentificare</h1>
        <p className="muted">Intră în contul tău Hobbiz.</p>
        <LoginForm registered={registered === 1} />
      </div>
    </section>
  );
}
