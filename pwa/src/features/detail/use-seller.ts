import { useMemo } from 'react';
import type { ProfileDoc } from '../../../../schema/entities.ts';
import { useHeld } from '../../db/use-held.ts';
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
  useHeld('profiles', [sellerId]);
  useHeld('reviews', [sellerId]);

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
