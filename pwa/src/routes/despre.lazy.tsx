import { createLazyFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/static/AboutPage.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createLazyFileRoute('/despre')({ component: AboutPage });
