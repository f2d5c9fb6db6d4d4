import { createFileRoute } from '@tanstack/react-router';

/**
 * `?recenzie=1`: the rating dialog of the announcement page sends the reader here after posting.
 * `?do=report`: a guest who tapped 'Raportează' comes back from signing in to finish it (issue 45, item 8).
 */
type Search = { recenzie?: 1; do?: 'report' };

/** A person's public profile; the page is a lazy chunk (index.lazy.tsx). */
export const Route = createFileRoute('/profil/$userId/')({
  validateSearch: (search: Record<string, unknown>): Search => ({
    ...(search.recenzie === 1 || search.recenzie === '1' ? { recenzie: 1 } : {}),
    ...(search.do === 'report' ? { do: 'report' } : {}),
  }),
});
