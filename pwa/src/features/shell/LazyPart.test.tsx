// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, type ComponentType, lazy, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_PART_FAILED, LAZY_PART_OFFLINE, LazyPart, lazyPart } from './LazyPart.tsx';
import { useToast } from './toast.ts';

function ToastText() {
  return <p data-testid="toast">{useToast()?.text ?? ''}</p>;
}

class PageBoundary extends Component<{ children: ReactNode }, { error: string }> {
  state = { error: '' };
  static getDerivedStateFromError(e: Error) {
    return { error: e.message };
  }
  render() {
    return this.state.error ? <p>Ecranul paginii: {this.state.error}</p> : this.props.children;
  }
}

/** A part whose code fails to load the way Chromium reports it, or loads. */
const failing = (message: string) =>
  lazy(() => Promise.reject(new TypeError(message)) as Promise<{ default: () => ReactNode }>);

async function show(Part: ComponentType, onFail = vi.fn()) {
  await act(async () => {
    render(
      <PageBoundary>
        <p>Pagina anunțului</p>
        <LazyPart onFail={onFail}>
          <Part />
        </LazyPart>
        <ToastText />
      </PageBoundary>,
    );
  });
  return onFail;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a part of a page loaded when opened', () => {
  it('shows the part once its code is here', async () => {
    const Dialog = lazy(async () => ({ default: () => <p>Raportează anunțul</p> }));
    const onFail = await show(Dialog);
    expect(screen.getByText('Raportează anunțul')).toBeTruthy();
    expect(onFail).not.toHaveBeenCalled();
  });

  it('offline and never opened: says so, closes the part, keeps the page', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onFail = await show(
      failing('Failed to fetch dynamically imported module: /assets/ReportDialog-x.js'),
    );
    expect(onFail).toHaveBeenCalledOnce();
    expect(screen.getByTestId('toast').textContent).toBe(LAZY_PART_OFFLINE);
    expect(screen.getByText('Pagina anunțului')).toBeTruthy();
  });

  it('online, a failed download asks to try again', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await show(failing('Failed to fetch dynamically imported module: /assets/ChatPopup-x.js'));
    expect(screen.getByTestId('toast').textContent).toBe(LAZY_PART_FAILED);
  });

  it("any other error is not the part's to hide: the page's error screen shows it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onFail = await show(failing('x is undefined'));
    expect(onFail).not.toHaveBeenCalled();
    expect(screen.getByText('Ecranul paginii: x is undefined')).toBeTruthy();
  });

  it('after a failure, opening it again downloads again (React keeps a failed lazy import for good)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let online = false;
    const load = vi.fn(async () => {
      if (!online)
        throw new TypeError('Failed to fetch dynamically imported module: /assets/ReportDialog-x.js');
      return () => <p>Raportează anunțul</p>;
    });
    const Dialog = lazyPart(load);
    const onFail = await show(Dialog);
    expect(onFail).toHaveBeenCalledOnce();
    cleanup();
    online = true;
    await show(Dialog);
    expect(screen.getByText('Raportează anunțul')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
