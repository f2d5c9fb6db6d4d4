import { useEffect, useState } from 'react';
import type { ProfileDoc } from '../../../../schema/entities.ts';
import { onDatabase, onWorkingSet } from '../../db/registry.ts';
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
  const [profile, setProfile] = useState<ProfileDoc | null>(null);
  const [scores, setScores] = useState<number[] | null>(null);

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

  useEffect(() => {
    const subs: { unsubscribe(): void }[] = [];
    const off = onDatabase((db) => {
      for (const s of subs.splice(0)) s.unsubscribe();
      if (!db) return;
      subs.push(
        db.profiles
          .findOne(sellerId)
          .$.subscribe((doc) => setProfile(doc ? (doc.toMutableJSON() as ProfileDoc) : null)),
        db.reviews
          .find({ selector: { userId: sellerId } })
          .$.subscribe((docs) => setScores(docs.map((d) => d.score))),
      );
    });
    return () => {
      off();
      for (const s of subs) s.unsubscribe();
    };
  }, [sellerId]);

  return {
    id: sellerId,
    firstName: profile?.firstName ?? restUser?.firstName ?? '',
    lastName: profile?.lastName ?? restUser?.lastName ?? '',
    avatar: profile?.avatar || restUser?.avatar || '',
    scores,
  };
}
