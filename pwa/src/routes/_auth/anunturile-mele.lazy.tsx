import { createLazyFileRoute } from '@tanstack/react-router';
import { MyAnnouncementsPage } from '../../features/my-announcements/MyAnnouncementsPage.tsx';

export const Route = createLazyFileRoute('/_auth/anunturile-mele')({ component: MyAnnouncementsPage });
