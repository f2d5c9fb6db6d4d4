import { createLazyFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/static/ContactPage.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createLazyFileRoute('/contact')({ component: ContactPage });
