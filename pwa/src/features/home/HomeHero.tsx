import { Link } from '@tanstack/react-router';

/** The page's largest paint: text on a CSS gradient, no image, identical in the prerendered HTML. */
export function HomeHero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <h1 id="hero-title">Hobby-ul tău poate aduce bani</h1>
      <p>Fă din pasiunea ta o sursă de venit!</p>
      <Link to="/signup" className="btn btn-light">
        Înregistrează-te
      </Link>
    </section>
  );
}
