import { createFileRoute } from '@tanstack/react-router';
import { AccountMenuPage } from '../../features/shell/AccountMenuPage.tsx';

// The phone's account menu: small and part of the shell, so not a chunk of its own.
export const Route = createFileRoute('/_auth/cont')({ component: AccountMenuPage });
