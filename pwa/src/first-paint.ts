/**
 * A direct visit to an announcement gets its first screen as HTML from the server (the photo and the
 * title paint before any script runs; sync-server/src/plugins/detail-preload.ts). The app then renders
 * into a hidden sibling and takes the place of that HTML only once the page has its data
 * (`firstPaintDone`), so the visitor never sees the static screen give way to a skeleton.
 */
let pending: { still: HTMLElement; live: HTMLElement; path: string } | null = null;

/** The element the app renders into: #root itself, or a hidden sibling while the server's HTML shows. */
export function appContainer(): HTMLElement {
  const still = document.getElementById('root')!;
  const path = still.dataset.firstPaint;
  // index.html hid its prerendered home content on other paths until now (the class is set there).
  document.documentElement.classList.remove('not-home');
  if (!path || path !== location.pathname) {
    still.textContent = '';
    delete still.dataset.firstPaint;
    return still;
  }
  const live = document.createElement('div');
  live.hidden = true;
  still.after(live);
  pending = { still, live, path };
  return live;
}

/** Swap the app in (idempotent). `path`: only if the server's screen was for that page; none: always. */
export function firstPaintDone(path?: string): void {
  if (!pending || (path !== undefined && path !== pending.path)) return;
  const { still, live } = pending;
  pending = null;
  // Keep a scroll position the visitor may already have moved to.
  const y = window.scrollY;
  still.remove();
  live.id = 'root';
  live.hidden = false;
  if (window.scrollY !== y) window.scrollTo(0, y);
}

/** A navigation to another page shows the app at once. */
export function firstPaintLeft(pathname: string): void {
  if (pending && pathname !== pending.path) firstPaintDone();
}
