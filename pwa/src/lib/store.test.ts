import { describe, expect, it } from 'vitest';
import { createStore } from './store.ts';

describe('createStore (the shared value behind toasts, offers, prompts and the sync client)', () => {
  it('starts with the initial value and tells every subscriber each change until it leaves', () => {
    const store = createStore<string | null>(null);
    const seen: (string | null)[] = [];
    const off = store.subscribe(() => seen.push(store.get()));
    expect(store.get()).toBeNull();
    store.set('a');
    store.set(null);
    off();
    store.set('b');
    expect(seen).toEqual(['a', null]);
    expect(store.get()).toBe('b');
  });

  it('keeps two stores apart', () => {
    const one = createStore(1);
    const two = createStore(2);
    one.set(10);
    expect([one.get(), two.get()]).toEqual([10, 2]);
  });
});
