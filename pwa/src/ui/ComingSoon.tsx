import type { ReactNode } from 'react';

/** A page whose content arrives in a later issue: its title and one honest line. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      {children}
      <p className="muted">Această secțiune va fi disponibilă în curând.</p>
    </section>
  );
}
