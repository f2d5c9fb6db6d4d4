import { Link } from '@tanstack/react-router';
import { useSession } from '../session/use-session.ts';

/**
 * The page's largest paint: text on a CSS gradient, no image, identical in the prerendered HTML (a
 * guest's). Someone already signed in is not asked to sign up: the button leads to publishing instead.
 */
export function HomeHero() {
  const { status } = useSession();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">Hobby-ul tău poate aduce bani</h1>
      <p>Fă din pasiunea ta o sursă de venit!</p>
      {status !== 'guest' ? (
        <Link to="/add-announcement" className="btn btn-light">
          Adaugă un anunț
        </Link>
      ) : (
        <Link to="/signup" className="btn btn-light">
          Înregistrează-te
        </Link>
      )}
    </section>
  );
}
