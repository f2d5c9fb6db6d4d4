// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The "n changes waiting" count of the sync chip: per person, across reloads (a reload is a fresh
 * import of the module over the same localStorage).
 */
type Counter = typeof import('./pending-count.ts');
async function pageLoad(): Promise<Counter> {
  vi.resetModules();
  return import('./pending-count.ts');
}

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

describe('the waiting changes of the signed-in person', () => {
  it('counts each changed document once until the server confirms it', async () => {
    const c = await pageLoad();
    c.selectOutbox('u1');
    c.markDirty('favorites', 'a');
    c.markDirty('favorites', 'a'); // changed twice: still one document to send
    c.markDirty('messages', 'a'); // the same id in another collection is another change
    c.markDirty('drafts', 'draft');
    expect(c.pendingChangeCount()).toBe(3);
    c.markPushed('favorites', ['a', 'unknown']);
    expect(c.pendingChangeCount()).toBe(2);
    c.markPushed('messages', ['a']);
    c.markPushed('drafts', ['draft']);
    expect(c.pendingChangeCount()).toBe(0);
  });

  it('survives a reload, and two people on one phone never see each other’s count', async () => {
    const before = await pageLoad();
    before.selectOutbox('u1');
    before.markDirty('messages', 'm1');
    before.markDirty('messages', 'm2');
    before.selectOutbox('u2');
    before.markDirty('favorites', 'f1');

    const after = await pageLoad();
    after.selectOutbox('u1');
    expect(after.pendingChangeCount()).toBe(2);
    after.selectOutbox('u2');
    expect(after.pendingChangeCount()).toBe(1);
    after.selectOutbox(null);
    expect(after.pendingChangeCount()).toBe(0);
  });

  it('counts nothing for a guest (nobody to send it for)', async () => {
    const c = await pageLoad();
    c.selectOutbox(null);
    c.markDirty('favorites', 'a');
    expect(c.waitingCount()).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  it('a damaged stored list starts from zero instead of breaking the app', async () => {
    localStorage.setItem('hobbiz_outbox_u1', '[not json');
    const c = await pageLoad();
    c.selectOutbox('u1');
    expect(c.pendingChangeCount()).toBe(0);
    c.markDirty('drafts', 'd');
    expect(JSON.parse(localStorage.getItem('hobbiz_outbox_u1')!)).toEqual(['drafts/d']);
  });

  it('adds the queued publishes and chat files; switching person forgets the publishes', async () => {
    const c = await pageLoad();
    c.selectOutbox('u1');
    c.markDirty('messages', 'm1');
    c.setQueuedPublishes(2);
    c.setQueuedChatFiles(3);
    expect(c.waitingCount()).toBe(6);
    // Only RxDB's writes are "changes"; the rest waits elsewhere.
    expect(c.pendingChangeCount()).toBe(1);
    c.selectOutbox('u2');
    expect(c.waitingCount()).toBe(3);
  });
});

describe('usePendingChanges (the sync chip)', () => {
  it('re-renders with the new count on every change, and only on a change', async () => {
    const c = await pageLoad();
    c.selectOutbox('u1');
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return c.usePendingChanges();
    });
    expect(result.current).toBe(0);
    act(() => c.markDirty('messages', 'm1'));
    expect(result.current).toBe(1);
    act(() => c.setQueuedPublishes(1));
    expect(result.current).toBe(2);
    const settled = renders;
    act(() => c.setQueuedPublishes(1)); // the same number: nothing to redraw
    act(() => c.markPushed('messages', ['other']));
    expect(renders).toBe(settled);
    act(() => c.markPushed('messages', ['m1']));
    expect(result.current).toBe(1);
  });
});
