const oneDecimal = new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function formatScore(score: number): string {
  return oneDecimal.format(score);
}

/** Five stars filled to `score` (halves included); the number is read out, the drawing is decoration. */
export function Stars({ score, size = 18 }: { score: number; size?: number }) {
  const pct = Math.max(0, Math.min(100, (score / 5) * 100));
  return (
    <span
      className="stars"
      role="img"
      aria-label={`${formatScore(score)} din 5 stele`}
      style={{ fontSize: size }}
    >
      <span className="stars-base" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars-fill" aria-hidden="true" style={{ width: `${pct}%` }}>
        ★★★★★
      </span>
    </span>
  );
}
