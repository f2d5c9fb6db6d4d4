import { createFileRoute } from '@tanstack/react-router';
import { prefetchAnnouncement } from '../../features/detail/prefetch.ts';

/**
 * '?updated=1' shows the 'Anunț actualizat' banner once; '?do=chat|rating|report' opens that dialog once
 * (a guest sent to sign in comes back to finish what they started, issue 25). The page is a lazy chunk.
 */
export type DetailIntent = 'chat' | 'rating' | 'report';
type AnnouncementSearch = { updated?: 1; do?: DetailIntent };
const INTENTS: readonly string[] = ['chat', 'rating', 'report'];

export const Route = createFileRoute('/announcement/$id')({
  validateSearch: (search: Record<string, unknown>): AnnouncementSearch => ({
    ...(search.updated === 1 || search.updated === '1' ? { updated: 1 } : {}),
    ...(typeof search.do === 'string' && INTENTS.includes(search.do)
      ? { do: search.do as DetailIntent }
      : {}),
  }),
  // Not for hover/intent preloads: the request counts a view.
  loader: ({ params, preload }) => {
    if (!preload) prefetchAnnouncement(params.id);
  },
});
