import { createFileRoute, lazyRouteComponent } from '@tanstack/react-router';
import { offlineAware } from '../features/shell/PageLoadError.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createFileRoute('/contact')({
  component: lazyRouteComponent(
    offlineAware(() => import('../features/static/ContactPage.tsx')),
    'ContactPage',
  ),
});
