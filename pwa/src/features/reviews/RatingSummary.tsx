import { pluralRo } from '../../../../schema/format.ts';
import { ratingSummary, type StarBucket } from '../../../../schema/rules/reviews.ts';
import { formatScore, Stars } from './Stars.tsx';

const BUCKETS: StarBucket[] = [5, 4, 3, 2, 1];

/** Score, the bars for 5 to 1 stars with their counts, and the number of reviews. */
export function RatingSummary({ scores }: { scores: number[] }) {
  const s = ratingSummary(scores);
  return (
    <section className="rating-summary" aria-labelledby="rating-title">
      <h2 id="rating-title">Evaluări</h2>
      <div className="rating-score">
        <span className="rating-number">{formatScore(s.average)}</span>
        <Stars score={s.average} size={20} />
        <span className="muted">{pluralRo(s.count, 'recenzie', 'recenzii', 'de recenzii')}</span>
      </div>
      <ul className="rating-bars">
        {BUCKETS.map((b) => {
          const n = s.histogram[b];
          const pct = s.count ? Math.round((n / s.count) * 100) : 0;
          return (
            <li key={b} aria-label={`${b} stele: ${n}`}>
              <span aria-hidden="true">{b} ★</span>
              <span className="rating-bar" aria-hidden="true">
                <span style={{ width: `${pct}%` }} />
              </span>
              <span aria-hidden="true" className="rating-count">
                {n}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
