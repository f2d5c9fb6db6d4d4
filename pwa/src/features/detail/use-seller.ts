import { useEffect, useMemo } from 'react';
import type { ProfileDoc } from '../../../../schema/entities.ts';
import { onWorkingSet } from '../../db/registry.ts';
import { useRx } from '../../db/use-rx.ts';
import type { SellerCardApi } from './use-announcement.ts';

export type Seller = {
  id: string;
  firstName: string;
  lastName: string;
  avatar: string;
  /** Scores of the reviews about the seller (live, offline too); null while unknown. */
  scores: number[] | null;
};

/** The seller's public card and review scores from the replicated profiles and reviews collections. */
export function useSeller(sellerId: string, restUser: SellerCardApi | null): Seller {
  // The seller's card and reviews are held while the device keeps this page's announcement.
  useEffect(
    () =>
      onWorkingSet((ws) => {
        if (!ws) return;
        void ws.hold('profiles', [sellerId]).catch(() => undefined);
        void ws.hold('reviews', [sellerId]).catch(() => undefined);
      }),
    [sellerId],
  );

  const profileDoc = useRx((db) => db.profiles.findOne(sellerId).$, [sellerId]);
  const reviewDocs = useRx((db) => db.reviews.find({ selector: { userId: sellerId } }).$, [sellerId]);
  const profile = useMemo(
    () => (profileDoc ? (profileDoc.toMutableJSON() as ProfileDoc) : null),
    [profileDoc],
  );
  const scores = useMemo(() => reviewDocs?.map((d) => d.score) ?? null, [reviewDocs]);

  return {
    id: sellerId,
    firstName: profile?.firstName ?? restUser?.firstName ?? '',
    lastName: profile?.lastName ?? restUser?.lastName ?? '',
    avatar: profile?.avatar || restUser?.avatar || '',
    scores,
  };
}
