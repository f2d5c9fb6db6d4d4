import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { PageLoadError } from './features/shell/PageLoadError.tsx';
import { routeTree } from './routeTree.gen.ts';

/** Resolves once the browser has painted the next frame (or after 100 ms in a tab that does not paint). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    requestAnimationFrame(() => setTimeout(done, 0));
    setTimeout(done, 100);
  });
}

/** One router factory for the browser (default history) and the build-time prerender (memory history). */
export function createAppRouter(history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    // Spec: the scroll position resets to the top on every path change.
    scrollRestoration: false,
    defaultPreload: 'intent',
    // A lazy page that cannot load (offline and never opened on this phone) says so in Romanian.
    defaultErrorComponent: PageLoadError,
  });
  // A navigation started by a tap commits after the next frame: the tap's own feedback paints first and
  // the new page renders in a task of its own, not inside the tap's frame (the router's store updates
  // render synchronously). Measured on the weak phone: opening an announcement from the home, INP.
  if (typeof window !== 'undefined') {
    const commit = router.commitLocation;
    router.commitLocation = (options) =>
      window.event?.type === 'click' ? afterNextPaint().then(() => commit(options)) : commit(options);
  }
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
