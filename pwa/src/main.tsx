import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { keepSignedInPagesOnSignIn } from './features/offline/signed-in-pages.ts';
import { session } from './features/session/session-store.ts';
import { showToast } from './features/shell/toast.ts';
import { appContainer, firstPaintLeft } from './first-paint.ts';
import { createAppRouter } from './router.tsx';
import './styles/index.css';

const router = createAppRouter();
const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

// index.html carries the home page prerendered for a guest. On '/' React adopts that markup (hydration:
// the hero painted from the first response stays the largest paint); hooks start from the same guest
// snapshot and switch to the real session right after. Any other path renders afresh — beside the
// server's first screen of an announcement until the page has its data (first-paint.ts).
if (location.pathname === '/' && container.firstElementChild && !container.dataset.firstPaint) {
  await router.load();
  hydrateRoot(container, app, {
    onRecoverableError: (err) => console.warn('Hidratare refăcută pe client', err),
  });
} else {
  createRoot(appContainer()).render(app);
  // Leaving the announcement before its data came (a tap in the header) shows the app at once.
  router.subscribe('onResolved', ({ toLocation }) => firstPaintLeft(toLocation.pathname));
}

// Everything heavy waits until the page has painted: the local database and its replication, and the
// service worker (app shell precache). Both are lazy chunks, off the critical path.
function afterPaint(fn: () => void) {
  if (document.readyState === 'complete') setTimeout(fn, 0);
  else window.addEventListener('load', () => setTimeout(fn, 0), { once: true });
}
afterPaint(() => {
  void import('./db/boot.ts').then((m) => m.bootDatabase({ session, notify: showToast }));
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    void import('./sw-register.ts').then((m) => m.registerServiceWorker());
    // Signed in: the publish form, chat and the other signed-in pages are kept for offline use too.
    keepSignedInPagesOnSignIn();
  }
});
