import { createLazyFileRoute } from '@tanstack/react-router';
import { OwnProfilePage } from '../../../features/profile/OwnProfilePage.tsx';

export const Route = createLazyFileRoute('/_auth/profil/')({ component: OwnProfilePage });
