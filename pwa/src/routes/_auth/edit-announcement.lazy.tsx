import { createLazyFileRoute } from '@tanstack/react-router';
import { EditPage } from '../../features/publish/EditPage.tsx';

export const Route = createLazyFileRoute('/_auth/edit-announcement')({ component: EditPage });
