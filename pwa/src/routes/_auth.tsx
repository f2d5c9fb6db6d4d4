import { createFileRoute, Navigate, Outlet, redirect } from '@tanstack/react-router';
import { hereForReturn } from '../features/auth/after-login.ts';
import { session } from '../features/session/session-store.ts';
import { useSession } from '../features/session/use-session.ts';
import { Loading } from '../ui/Loading.tsx';

const PageLoading = () => <Loading page />;

/**
 * The signed-in branch (every file under routes/_auth/): one guard for all of it. A guest known as such
 * before the page loads goes to /login without downloading the page's code; a session that ends while a
 * page is open (signed out here, closed from another device) sends the person there too. While the
 * session is being checked, and while a page's lazy chunk arrives, the same wait line shows.
 */
export const Route = createFileRoute('/_auth')({
  // The page asked for goes with the guest to /login, to come back to it once signed in (issue 25).
  beforeLoad: ({ location }) => {
    if (session.get().status === 'guest')
      throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  },
  pendingComponent: PageLoading,
  component: SignedIn,
});

function SignedIn() {
  const { status } = useSession();
  if (status === 'guest') return <Navigate to="/login" search={{ redirect: hereForReturn() }} replace />;
  if (status === 'loading') return <PageLoading />;
  return <Outlet />;
}
