import type { ReactNode } from 'react';
import './static.css';

type Props = { title: string; lead?: ReactNode; updated?: string; children: ReactNode };

/** Layout of the text pages (about, how it works, legal, contact): a readable column, no data needed. */
export function StaticPage({ title, lead, updated, children }: Props) {
  return (
    <article className="page static-page">
      <header className="static-head">
        <h1>{title}</h1>
        {updated && <p className="static-updated">Ultima actualizare: {updated}</p>}
        {lead && <p className="static-lead">{lead}</p>}
      </header>
      {children}
    </article>
  );
}

/** A titled section of a legal page; the id lets the table of contents and other pages link to it. */
export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="legal-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
