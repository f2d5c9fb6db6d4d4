import { createLazyFileRoute } from '@tanstack/react-router';
import { FavoritesPage } from '../features/favorites/FavoritesPage.tsx';

export const Route = createLazyFileRoute('/favorite-announcements')({ component: FavoritesPage });
