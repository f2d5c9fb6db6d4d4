import { createLazyFileRoute } from '@tanstack/react-router';
import { ModerationPage } from '../../features/moderation/ModerationPage.tsx';

export const Route = createLazyFileRoute('/_auth/moderare')({ component: ModerationPage });
