import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

// Text page: its own chunk (no RxDB), fetched on first visit and precached by the service worker.
export const Route = createFileRoute('/cookie')({
  component: lazyRouteComponent(() => import('../features/static/CookiePolicyPage.tsx'), 'CookiePolicyPage'),
});
