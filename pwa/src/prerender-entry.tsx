import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createAppRouter } from './router.tsx';

/** Build time only: the app at `url` for a guest, as HTML, so the first response already paints. */
export async function render(url: string): Promise<string> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  // In the browser, TanStack's <Matches> wraps everything in one extra <Suspense> that its server path
  // leaves out. That boundary encloses the whole DOM, so emitting its SSR markers around the output gives
  // the client exactly the tree it will hydrate (no mismatch, no second paint of the hero).
  return `<!--$-->${renderToString(<RouterProvider router={router} />)}<!--/$-->`;
}
