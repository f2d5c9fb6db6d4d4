import { useCanGoBack, useRouter, useRouterState } from '@tanstack/react-router';
import { ArrowLeftIcon } from '../../ui/icons.tsx';
import { backFallback } from './shell-paths.ts';

/**
 * The mobile header's back arrow: the previous page of the app when there is one (so a listing keeps
 * its filters and scroll), else the page's natural parent — never out of the app to whatever tab or
 * site opened the link.
 */
export function BackButton() {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <button
      type="button"
      className="icon-btn hdr-back"
      aria-label="Înapoi"
      title="Înapoi"
      onClick={() => {
        if (canGoBack) router.history.back();
        else void router.navigate({ to: backFallback(pathname), replace: true });
      }}
    >
      <ArrowLeftIcon />
    </button>
  );
}
