import { createLazyFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '../../features/notifications/NotificationsPage.tsx';

export const Route = createLazyFileRoute('/_auth/notificari')({ component: NotificationsPage });
