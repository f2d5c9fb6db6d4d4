import { createLazyFileRoute } from '@tanstack/react-router';
import { PublishPage } from '../../features/publish/PublishPage.tsx';

// The form brings the place names and the rules: a chunk of its own, loaded when the page opens.
export const Route = createLazyFileRoute('/_auth/add-announcement')({ component: PublishPage });
