import { Component, type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { isChunkLoadError } from './PageLoadError.tsx';
import { showToast } from './toast.ts';

export const LAZY_PART_OFFLINE =
  'Ești offline, iar fereastra aceasta nu a fost deschisă până acum pe acest telefon. Încearcă din nou când revine conexiunea la internet.';
export const LAZY_PART_FAILED =
  'Fereastra nu s-a putut deschide. Verifică conexiunea la internet și încearcă din nou.';

type Props = { children: ReactNode; onFail: () => void };

/** The lazy parts whose import failed: LazyPart renews them once it has caught the failure. */
const failedParts = new Set<() => void>();

/**
 * `React.lazy` for a LazyPart's content, that can be tried again: React keeps a failed import for good, so
 * once LazyPart has caught a failure the part gets a new import — the next showing (back online) downloads
 * again. Renewed only then, not at the failure itself, or React's retries of the same showing would start
 * download after download.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of whatever component is loaded
export function lazyPart<P extends Record<string, any>>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const make = () =>
    lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (err: unknown) => {
          failedParts.add(renew);
          throw err;
        },
      ),
    );
  const renew = () => {
    current = make();
  };
  let current = make();
  return function LazyContent(props: P) {
    const Loaded = current;
    return <Loaded {...props} />;
  };
}

/**
 * A part of a page whose code loads when it is first shown (a dialog a guest rarely opens: writing to the
 * seller, reporting, rating), so the page's own chunk stays small for everyone. If the code cannot be
 * fetched (offline, never opened on this phone) the person is told so and the part closes; the page stays.
 * Any other error goes on to the page's own error screen.
 */
export class LazyPart extends Component<Props, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    for (const renew of failedParts) renew();
    failedParts.clear();
    if (!isChunkLoadError(error)) return;
    showToast(navigator.onLine ? LAZY_PART_FAILED : LAZY_PART_OFFLINE, 'error', 6000);
    this.props.onFail();
  }

  render() {
    const { error } = this.state;
    if (error && !isChunkLoadError(error)) throw error; // not ours: the page's error screen
    return error ? null : <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}
