// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { failedModuleUrl, importRetrying, isChunkError, retryUrl } from './retry-import.ts';

/** What Chromium throws for a chunk that could not be fetched (the link dropped while it loaded). */
const fetchFailed = (url: string) => new TypeError(`Failed to fetch dynamically imported module: ${url}`);
const CHUNK = 'http://127.0.0.1:5173/assets/anunturile-mele.lazy-BipDn0O1.js';
const noWait = () => Promise.resolve();

describe('importRetrying()', () => {
  it('tries a failed chunk again under a fresh ?retry=N, which a module map that kept the failure has not seen', async () => {
    // As a browser that keeps failed module fetches: the same import() fails at once for ever.
    const load = vi.fn(() => Promise.reject(fetchFailed(CHUNK)));
    const fetched: string[] = [];
    const importUrl = vi.fn(async (url: string) => {
      fetched.push(url);
      if (fetched.length < 2) throw fetchFailed(url); // still offline at the first new try
      return { Route: 'anunturile-mele' };
    });
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    await expect(importRetrying(load, { importUrl, wait, delayMs: 1000 })).resolves.toEqual({
      Route: 'anunturile-mele',
    });
    expect(load).toHaveBeenCalledTimes(1);
    expect(fetched).toEqual([`${CHUNK}?retry=1`, `${CHUNK}?retry=2`]);
    // Each try waits for the connection, longer each time.
    expect(waits).toEqual([1000, 2000]);
  });

  it('calls the loader again when the error names no address (Safari), and gives up with the last error', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Importing a module script failed.')));
    const importUrl = vi.fn();
    const err = await importRetrying(load, { importUrl, wait: noWait, retries: 2 }).catch((e: unknown) => e);
    expect((err as Error).message).toBe('Importing a module script failed.');
    expect(load).toHaveBeenCalledTimes(3);
    expect(importUrl).not.toHaveBeenCalled();
  });

  it('does not retry code that loaded but threw (a bug, not the network), nor wait when the first try works', async () => {
    const broken = vi.fn(() => Promise.reject(new ReferenceError('x is not defined')));
    const wait = vi.fn(noWait);
    await expect(importRetrying(broken, { wait })).rejects.toThrow('x is not defined');
    expect(broken).toHaveBeenCalledTimes(1);
    await expect(importRetrying(() => Promise.resolve(42), { wait })).resolves.toBe(42);
    expect(wait).not.toHaveBeenCalled();
  });

  it('waits for the browser’s online event before a new try while offline', async () => {
    vi.useFakeTimers();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      let calls = 0;
      const load = () =>
        ++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve('ok');
      const done = vi.fn();
      void importRetrying(load, { delayMs: 100 }).then(done);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(calls).toBe(1);
      onLine.mockReturnValue(true);
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toBe(2);
      expect(done).toHaveBeenCalledWith('ok');
    } finally {
      onLine.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('the pieces', () => {
  it('reads the address from Chromium’s and Firefox’s messages, and none from Safari’s', () => {
    expect(failedModuleUrl(fetchFailed(CHUNK))).toBe(CHUNK);
    expect(failedModuleUrl(new TypeError(`error loading dynamically imported module: ${CHUNK}`))).toBe(CHUNK);
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(
      failedModuleUrl(new TypeError('Failed to fetch dynamically imported module: javascript:alert(1)')),
    ).toBeNull();
  });

  it('replaces an earlier try’s number rather than adding one', () => {
    expect(retryUrl(`${CHUNK}?retry=1`, 2)).toBe(`${CHUNK}?retry=2`);
  });

  it('tells a fetch failure from other errors', () => {
    expect(isChunkError(fetchFailed(CHUNK))).toBe(true);
    expect(isChunkError(new Error('Unable to preload CSS for /assets/a-1.css'))).toBe(true);
    expect(isChunkError(new ReferenceError('x is not defined'))).toBe(false);
  });
});
