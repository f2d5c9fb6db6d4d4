import { lazy, Suspense } from 'react';
import { usePushOffer } from './push-offer.ts';

const PushOfferCard = lazy(() => import('./PushOfferCard.tsx').then((m) => ({ default: m.PushOfferCard })));

/**
 * The offer of notifications, once push-offer.ts decides to make it. Its card and the device's push code
 * load only then (push-offer.ts waits for both before opening it): the first screen, which every guest
 * loads, does not carry them.
 */
export function PushOffer() {
  const open = usePushOffer();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <PushOfferCard />
    </Suspense>
  );
}
