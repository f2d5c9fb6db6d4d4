import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './router.tsx';
import './styles/index.css';

const router = createAppRouter();

// The prerendered shell in #root is painted before this runs; React replaces it with the live app.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// Everything heavy waits until the page has painted: the local database and its replication, and the
// service worker (app shell precache). Both are lazy chunks, off the critical path.
function afterPaint(fn: () => void) {
  if (document.readyState === 'complete') setTimeout(fn, 0);
  else window.addEventListener('load', () => setTimeout(fn, 0), { once: true });
}
afterPaint(() => {
  void import('./db/boot.ts').then((m) => m.bootDatabase());
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    void import('./sw-register.ts').then((m) => m.registerServiceWorker());
  }
});
