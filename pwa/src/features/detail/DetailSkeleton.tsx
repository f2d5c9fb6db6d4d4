/** Loading skeleton of the detail page: the same blocks as the page, so nothing jumps when it arrives. */
export function DetailSkeleton() {
  return (
    <section className="page detail" aria-busy="true">
      <p className="sr-only" role="status">
        Se încarcă anunțul...
      </p>
      <div className="detail-grid" aria-hidden="true">
        <div className="detail-main">
          <div className="dcar dsk-block" />
          <span className="sk-line sk-line--short" />
          <span className="sk-line dsk-title" />
          <span className="sk-line" />
          <span className="sk-line" />
          <span className="sk-line sk-line--short" />
        </div>
        <div className="detail-side">
          <div className="dsk-block dsk-price" />
          <div className="dsk-block dsk-card" />
        </div>
      </div>
    </section>
  );
}
