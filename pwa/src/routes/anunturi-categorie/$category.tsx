import { createFileRoute } from '@tanstack/react-router';
import { ALL_CATEGORIES } from '../../features/shell/search-all.ts';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** Filters of the listing live in the URL, so a reload or a shared link keeps them. */
export type CategorySearch = { q?: string; judet?: string; localitate?: string };

function text(value: unknown): string | undefined {
  // The router parses '?q=2024' as a number: take it back as the text that was typed.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export const Route = createFileRoute('/anunturi-categorie/$category')({
  validateSearch: (search: Record<string, unknown>): CategorySearch => ({
    q: text(search.q),
    judet: text(search.judet),
    localitate: text(search.localitate),
  }),
  component: CategoryPage,
});

function CategoryPage() {
  const { category } = Route.useParams();
  const { q } = Route.useSearch();
  return (
    <ComingSoon title={category === ALL_CATEGORIES ? 'Toate anunțurile' : category}>
      {q && <p>Căutare: „{q}”</p>}
    </ComingSoon>
  );
}
