import { createFileRoute } from '@tanstack/react-router';
import { prefetchAnnouncement } from '../../features/detail/prefetch.ts';

/** '?updated=1' shows the 'Anunț actualizat' banner once. The page is a lazy chunk ($id.lazy.tsx). */
type AnnouncementSearch = { updated?: 1 };

export const Route = createFileRoute('/announcement/$id')({
  validateSearch: (search: Record<string, unknown>): AnnouncementSearch =>
    search.updated === 1 || search.updated === '1' ? { updated: 1 } : {},
  // Not for hover/intent preloads: the request counts a view.
  loader: ({ params, preload }) => {
    if (!preload) prefetchAnnouncement(params.id);
  },
});
