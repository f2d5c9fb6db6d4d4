import { createLazyFileRoute } from '@tanstack/react-router';
import { FavoritesPage } from '../features/favorites/FavoritesPage.tsx';

// Guests see their own favourites: not under _auth.
export const Route = createLazyFileRoute('/favorite-announcements')({ component: FavoritesPage });
