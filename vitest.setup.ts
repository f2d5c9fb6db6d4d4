/**
 * For the PWA's component and hook tests (happy-dom): Testing Library waits up to 15 s for what a test
 * expects to appear, not its default 1 s. On a loaded 2-core CI machine a render, a fake-indexeddb write
 * and RxDB's first emission took over 4 s; a wait only lasts that long when something is slow. Files
 * running in Node (no `document`) skip it.
 */
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 15_000 });
}
