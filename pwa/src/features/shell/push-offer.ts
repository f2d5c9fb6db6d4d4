import { createStore } from '../../lib/store.ts';

/**
 * When to ask for notifications (issue 23, item 3): never on a first visit, only after a meaningful
 * moment — the first message sent, the first announcement published — and once per device (the
 * answer, or 'Nu acum', is remembered). Setări → Notificări stays the place to change one's mind.
 */
const ASKED_KEY = 'hobbiz_push_asked';
const offer = createStore(false);
export const usePushOffer = offer.useValue;

const asked = () => {
  try {
    return localStorage.getItem(ASKED_KEY) !== null;
  } catch {
    return true;
  }
};

/** After a meaningful moment: offers notifications if this device can have them and was never asked. */
export async function offerPushAfterMoment(): Promise<void> {
  if (asked() || offer.get()) return;
  // The device's push code and the card load only now (the first screen does not carry them), before the
  // offer opens: offline without them in the cache, no offer is made — asked again at the next moment,
  // rather than a card that cannot render.
  let pushState: typeof import('../../db/push-device.ts')['pushState'];
  try {
    [{ pushState }] = await Promise.all([import('../../db/push-device.ts'), import('./PushOfferCard.tsx')]);
  } catch {
    return;
  }
  if ((await pushState()) !== 'off') return;
  offer.set(true);
}

/** The person answered (either way): the offer goes and is not made again on this device. */
export function closePushOffer(): void {
  try {
    localStorage.setItem(ASKED_KEY, new Date().toISOString());
  } catch {
    /* private mode: asked again next time */
  }
  offer.set(false);
}
