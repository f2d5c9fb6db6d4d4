import { createLazyFileRoute } from '@tanstack/react-router';
import { CookiePolicyPage } from '../features/static/CookiePolicyPage.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createLazyFileRoute('/cookie')({ component: CookiePolicyPage });
