import { createLazyFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/static/PrivacyPage.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createLazyFileRoute('/confidentialitate')({ component: PrivacyPage });
