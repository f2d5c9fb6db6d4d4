import { useState } from 'react';

const STEPS = [
  {
    title: 'Creează-ți contul',
    text: 'Te înregistrezi cu numele, adresa de email și o parolă. Numărul de telefon este opțional și îl poți adăuga oricând din profil.',
  },
  {
    title: 'Publică anunțul',
    text: 'Alegi categoria, scrii un titlu și o descriere, adaugi fotografii JPEG și locația. Ciorna se salvează singură cât timp scrii, chiar și fără internet.',
  },
  {
    title: 'Discută cu clienții',
    text: 'Cei interesați îți scriu prin chat direct din pagina anunțului. Primești notificări pentru mesajele noi și răspunzi de pe orice dispozitiv.',
  },
  {
    title: 'Strânge recenzii',
    text: 'După ce ați lucrat împreună, clienții îți pot lăsa o notă și un comentariu. Recenziile apar pe profilul tău public și îi ajută pe alții să te aleagă.',
  },
] as const;

/** The four steps as a stepper: pick a step, or walk through them with Înapoi / Pasul următor. */
export function HowItWorksStepper() {
  const [current, setCurrent] = useState(0);
  const step = STEPS[current]!;
  return (
    <div>
      <ol className="stepper">
        {STEPS.map((s, i) => (
          <li key={s.title}>
            <button
              type="button"
              className={i < current ? 'step-btn is-done' : 'step-btn'}
              aria-current={i === current ? 'step' : undefined}
              aria-controls="step-panel"
              onClick={() => setCurrent(i)}
            >
              <span className="step-num" aria-hidden="true">
                {i + 1}
              </span>
              <span>{s.title}</span>
            </button>
          </li>
        ))}
      </ol>
      <section id="step-panel" className="step-panel" aria-live="polite" aria-labelledby="step-title">
        <h3 id="step-title">
          Pasul {current + 1} din {STEPS.length}: {step.title}
        </h3>
        <p>{step.text}</p>
        <div className="step-nav">
          <button
            type="button"
            className="btn btn-outline"
            disabled={current === 0}
            onClick={() => setCurrent((c) => c - 1)}
          >
            Înapoi
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={current === STEPS.length - 1}
            onClick={() => setCurrent((c) => c + 1)}
          >
            Pasul următor
          </button>
        </div>
      </section>
    </div>
  );
}
