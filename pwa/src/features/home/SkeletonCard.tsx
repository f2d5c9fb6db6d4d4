/** Placeholder with the exact size of an AnnouncementCard, so the carousel never changes height. */
export function SkeletonCard() {
  return (
    <span className="card card--skeleton" aria-hidden="true">
      <span className="card-media" />
      <span className="card-body">
        <span className="sk-line" />
        <span className="sk-line sk-line--short" />
        <span className="sk-line sk-line--short" />
      </span>
    </span>
  );
}
