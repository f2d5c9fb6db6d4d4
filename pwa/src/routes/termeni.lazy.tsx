import { createLazyFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/static/TermsPage.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createLazyFileRoute('/termeni')({ component: TermsPage });
