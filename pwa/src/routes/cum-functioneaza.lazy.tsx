import { createLazyFileRoute } from '@tanstack/react-router';
import { HowItWorksPage } from '../features/static/HowItWorksPage.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createLazyFileRoute('/cum-functioneaza')({ component: HowItWorksPage });
