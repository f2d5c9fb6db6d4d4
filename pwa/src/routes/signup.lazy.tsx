import { createLazyFileRoute } from '@tanstack/react-router';
import { SignupForm } from '../features/auth/SignupForm.tsx';

export const Route = createLazyFileRoute('/signup')({ component: SignupPage });

function SignupPage() {
  return (
    <section className="auth">
      <div className="auth-card">
        <h1>Înregistrare</h1>
        <p className="muted">Creează-ți contul și fă din pasiunea ta o sursă de venit.</p>
        <SignupForm />
      </div>
    </section>
  );
}
