import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** '?updated=1' shows the 'Anunț actualizat' banner (built with the detail page). */
type AnnouncementSearch = { updated?: 1 };

export const Route = createFileRoute('/announcement/$id')({
  validateSearch: (search: Record<string, unknown>): AnnouncementSearch =>
    search.updated === 1 || search.updated === '1' ? { updated: 1 } : {},
  component: AnnouncementPage,
});

function AnnouncementPage() {
  return <ComingSoon title="Detalii anunț" />;
}
