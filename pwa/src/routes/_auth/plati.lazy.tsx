import { createLazyFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../features/static/PaymentsPage.tsx';

// Text page: its own chunk (no RxDB), fetched when first opened and then kept by the service worker.
export const Route = createLazyFileRoute('/_auth/plati')({ component: PaymentsPage });
