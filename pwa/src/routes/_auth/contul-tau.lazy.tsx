import { createLazyFileRoute } from '@tanstack/react-router';
import { YourAccountPage } from '../../features/static/YourAccountPage.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createLazyFileRoute('/_auth/contul-tau')({ component: YourAccountPage });
