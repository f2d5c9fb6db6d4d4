import { Link } from '@tanstack/react-router';

export function CallToAction() {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <h2 id="cta-title">Ai o pasiune pe care alții o caută?</h2>
      <p>
        Creează-ți un cont gratuit, publică primul anunț în câteva minute și lasă clienții să te găsească.
      </p>
      <Link to="/signup" className="btn btn-primary">
        Creează-ți contul
      </Link>
    </section>
  );
}
