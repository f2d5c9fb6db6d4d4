import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon.tsx';

export const Route = createFileRoute('/favorite-announcements')({ component: FavoritesPage });

function FavoritesPage() {
  return <ComingSoon title="Anunturile tale favorite" />;
}
