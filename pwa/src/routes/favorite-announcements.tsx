import { createFileRoute } from '@tanstack/react-router';

/** /favorite-announcements: a lazy chunk (favorite-announcements.lazy.tsx); guests see their own. */
export const Route = createFileRoute('/favorite-announcements')({});
