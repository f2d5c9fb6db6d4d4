// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncClient } from '../../db/sync-client.ts';
import { setSyncClient } from '../../db/sync-status.ts';
import type { SyncStatus } from '../../db/sync-wait.ts';
import { type ImageItem, newImage, storedImage } from './images.ts';
import { usePhotoUploads } from './use-photo-uploads.ts';

// A loaded machine (parallel test files) may need more than the default second.

/** Each photo PUT (XHR) is answered by `answer` (by default: stored); GETs answer 404. */
let puts: string[];
let answer: 'ok' | 'offline' | 'refused' | 'hold';
let held: (() => void)[];

beforeEach(() => {
  puts = [];
  answer = 'ok';
  held = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"error":"nu"}', { status: 404 })),
  );
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      url = '';
      status = 0;
      responseText = '';
      upload = {};
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      open(_m: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      getResponseHeader() {
        return null;
      }
      send() {
        const id = this.url.split('/').pop()!;
        puts.push(id);
        const reply = () => {
          this.status = answer === 'refused' ? 400 : 201;
          this.responseText = JSON.stringify(
            answer === 'refused'
              ? { error: 'Poți încărca doar imagini în format JPG/JPEG' }
              : { path: `/u/${id}.jpg` },
          );
          this.onload?.();
        };
        if (answer === 'hold') held.push(reply);
        else if (answer === 'offline') queueMicrotask(() => this.onerror?.());
        else queueMicrotask(reply);
      }
      abort() {
        this.onabort?.();
      }
    },
  );
});
afterEach(() => {
  cleanup();
  setSyncClient(null);
  vi.unstubAllGlobals();
});

const jpeg = (n = 100) => new Blob([new Uint8Array(n)], { type: 'image/jpeg' });
const idOf = (i: ImageItem) => (i.kind === 'new' ? i.photoId : '');
const link = (status: SyncStatus) => {
  const status$ = new BehaviorSubject<SyncStatus>(status);
  setSyncClient({ status$ } as unknown as SyncClient);
  return status$;
};

describe('usePhotoUploads', () => {
  it('a guest (or an edit) sends nothing', async () => {
    const images = [newImage(jpeg())];
    const { result } = renderHook(() => usePhotoUploads(null, images));
    await new Promise((r) => setTimeout(r, 20));
    expect(puts).toEqual([]);
    expect(result.current.of(idOf(images[0]!))).toBeUndefined();
  });

  it('sends the new photos as soon as they are picked, in order; stored ones never', async () => {
    const images = [newImage(jpeg(100)), storedImage('/uploads/old.jpg'), newImage(jpeg(300))];
    const { result } = renderHook(() => usePhotoUploads('u1', images));
    await waitFor(() => expect(result.current.summary.done).toBe(2));
    expect(puts).toEqual([idOf(images[0]!), idOf(images[2]!)]);
    expect(result.current.summary).toEqual({
      count: 2,
      done: 2,
      failed: 0,
      offline: 0,
      sentBytes: 400,
      totalBytes: 400,
    });
    expect(result.current.of(idOf(images[0]!))?.state).toBe('done');
  });

  it('a photo added later goes too; one already up is not sent again', async () => {
    const first = newImage(jpeg());
    const { result, rerender } = renderHook(({ list }) => usePhotoUploads('u1', list), {
      initialProps: { list: [first] },
    });
    await waitFor(() => expect(result.current.summary.done).toBe(1));
    const second = newImage(jpeg());
    rerender({ list: [first, second] });
    await waitFor(() => expect(result.current.summary.done).toBe(2));
    expect(puts).toEqual([idOf(first), idOf(second)]);
  });

  it('failed for want of a connection: sent again when the link comes back, not before', async () => {
    const status$ = link('online');
    answer = 'offline';
    const images = [newImage(jpeg())];
    const { result } = renderHook(() => usePhotoUploads('u1', images));
    await waitFor(() => expect(result.current.of(idOf(images[0]!))?.state).toBe('failed'));
    expect(result.current.of(idOf(images[0]!))).toMatchObject({ retryable: true });
    expect(result.current.summary.failed).toBe(1);
    answer = 'ok';
    act(() => status$.next('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(puts).toHaveLength(1);
    // The app still online: a failure (with its retry), not yet a wait for the connection.
    expect(result.current).toMatchObject({ linkDown: false, summary: { failed: 1, offline: 0 } });
    act(() => status$.next('offline'));
    // The link down: it waits for the connection and says so (issue 45, item 11).
    expect(result.current).toMatchObject({ linkDown: true, summary: { failed: 1, offline: 1 } });
    act(() => status$.next('online'));
    await waitFor(() => expect(result.current.of(idOf(images[0]!))?.state).toBe('done'));
    expect(puts).toHaveLength(2);
  });

  it('a photo the server refused is not resent by a reconnection, only by “Reîncearcă”', async () => {
    const status$ = link('offline');
    answer = 'refused';
    const images = [newImage(jpeg())];
    const id = idOf(images[0]!);
    const { result } = renderHook(() => usePhotoUploads('u1', images));
    await waitFor(() => expect(result.current.of(id)?.state).toBe('failed'));
    expect(result.current.of(id)).toMatchObject({
      error: 'Poți încărca doar imagini în format JPG/JPEG',
      retryable: false,
    });
    act(() => status$.next('online'));
    await new Promise((r) => setTimeout(r, 20));
    expect(puts).toHaveLength(1);
    answer = 'ok';
    act(() => result.current.retry(id));
    await waitFor(() => expect(result.current.of(id)?.state).toBe('done'));
    expect(puts).toHaveLength(2);
  });

  it('cancel stops a photo on its way and forgets it', async () => {
    answer = 'hold';
    const images = [newImage(jpeg())];
    const id = idOf(images[0]!);
    const { result } = renderHook(() => usePhotoUploads('u1', images));
    await waitFor(() => expect(result.current.of(id)?.state).toBe('sending'));
    act(() => result.current.cancel(id));
    await waitFor(() => expect(result.current.of(id)).toBeUndefined());
    expect(result.current.summary).toMatchObject({ done: 0, failed: 0 });
  });
});
