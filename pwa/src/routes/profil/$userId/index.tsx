import { createFileRoute } from '@tanstack/react-router';

/** `?recenzie=1`: the rating dialog of the announcement page sends the reader here after posting. */
type Search = { recenzie?: 1 };

/** A person's public profile; the page is a lazy chunk (index.lazy.tsx). */
export const Route = createFileRoute('/profil/$userId/')({
  validateSearch: (search: Record<string, unknown>): Search =>
    search.recenzie === 1 || search.recenzie === '1' ? { recenzie: 1 } : {},
});
