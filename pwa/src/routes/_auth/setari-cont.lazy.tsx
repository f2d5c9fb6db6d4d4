import { createLazyFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/settings/SettingsPage.tsx';

export const Route = createLazyFileRoute('/_auth/setari-cont')({ component: SettingsPage });
