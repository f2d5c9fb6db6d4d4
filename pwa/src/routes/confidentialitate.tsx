import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';

// Text page: its own chunk (no RxDB), fetched on first visit and precached by the service worker.
export const Route = createFileRoute('/confidentialitate')({
  component: lazyRouteComponent(() => import('../features/static/PrivacyPage.tsx'), 'PrivacyPage'),
});
