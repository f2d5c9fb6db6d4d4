// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The push offer (issue 23) opens only once its card's code is on the device: offline with that chunk not
 * cached, a card that cannot load would break the page, so no offer is made and the next moment asks again.
 */
const device = vi.hoisted(() => ({ offline: false, state: 'off' }));
vi.mock('../../db/push-device.ts', () => ({ pushState: async () => device.state }));
vi.mock('./PushOfferCard.tsx', async () => {
  if (device.offline) throw new Error('Failed to fetch dynamically imported module');
  return { PushOfferCard: () => null };
});

const { closePushOffer, offerPushAfterMoment, usePushOffer } = await import('./push-offer.ts');

beforeEach(() => localStorage.clear());

describe('offerPushAfterMoment', () => {
  it('makes no offer while its card cannot load, then makes it at the next moment; asked once', async () => {
    const shown = renderHook(() => usePushOffer());
    device.offline = true;
    await act(() => offerPushAfterMoment());
    expect(shown.result.current).toBe(false);
    expect(localStorage.getItem('hobbiz_push_asked')).toBeNull();

    device.offline = false;
    await act(() => offerPushAfterMoment());
    expect(shown.result.current).toBe(true);

    act(() => closePushOffer());
    expect(shown.result.current).toBe(false);
    await act(() => offerPushAfterMoment());
    expect(shown.result.current).toBe(false);
  });

  it('is not made when notifications are already on or blocked', async () => {
    const shown = renderHook(() => usePushOffer());
    for (const state of ['on', 'blocked', 'unsupported']) {
      device.state = state;
      await act(() => offerPushAfterMoment());
      expect(shown.result.current, state).toBe(false);
    }
    device.state = 'off';
  });
});
