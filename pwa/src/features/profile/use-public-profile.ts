import { useEffect, useState } from 'react';
import { combineLatest, map, of, switchMap } from 'rxjs';
import { fromApi } from '../../../../schema/announcement-api.ts';
import type { AnnouncementApi, AnnouncementDoc, ProfileDoc } from '../../../../schema/entities.ts';
import {
  type ProfileView,
  profileFromApi,
  type ReviewView,
  reviewFromApi,
  reviewFromDocs,
} from '../../../../schema/profile-api.ts';
import { PROFILE_MESSAGES, type PublicProfileApi } from '../../../../schema/rules/profile.ts';
import { SEARCH_PAGE } from '../../../../schema/search.ts';
import { ApiError, api } from '../../api/client.ts';
import { useCaughtUp, useHeld, useHeldSearch } from '../../db/use-held.ts';
import { useRx } from '../../db/use-rx.ts';

export type PublicProfileData =
  | { state: 'loading' }
  | { state: 'missing'; error: string }
  | {
      state: 'ready';
      profile: ProfileView;
      reviews: ReviewView[];
      announcements: AnnouncementDoc[];
      /** Announcements known (the REST answer arrived or the local database has them). */
      announcementsKnown: boolean;
    };

type Local = { profile: ProfileDoc | null; reviews: ReviewView[]; announcements: AnnouncementDoc[] };

const byNewest = (a: { createdAt: string }, b: { createdAt: string }) =>
  b.createdAt.localeCompare(a.createdAt);

/** The replicated profile, its reviews (with authors' cards and announcement titles) and announcements. */
function useLocalProfile(userId: string): Local | undefined {
  return useRx<Local>(
    (db) =>
      combineLatest([
        db.profiles.findOne(userId).$,
        db.reviews.find({ selector: { userId }, sort: [{ createdAt: 'desc' }] }).$,
        db.announcements.find({ selector: { ownerId: userId, active: true } }).$,
      ]).pipe(
        switchMap(([profile, reviewDocs, annDocs]) => {
          const reviews = reviewDocs.map((d) => d.toMutableJSON());
          const authorIds = [...new Set(reviews.map((r) => r.authorId))];
          const annIds = [...new Set(reviews.map((r) => r.announcementId).filter(Boolean))];
          return combineLatest([
            authorIds.length ? db.profiles.findByIds(authorIds).$ : of(new Map()),
            annIds.length ? db.announcements.findByIds(annIds).$ : of(new Map()),
          ]).pipe(
            map(([authors, anns]) => ({
              profile: profile ? profile.toMutableJSON() : null,
              reviews: reviews.map((r) =>
                reviewFromDocs(
                  r,
                  new Map([...authors].map(([k, v]) => [k, v.toMutableJSON() as ProfileDoc])),
                  new Map([...anns].map(([k, v]) => [k, v.toMutableJSON() as AnnouncementDoc])),
                ),
              ),
              announcements: annDocs.map((d) => d.toMutableJSON() as AnnouncementDoc).sort(byNewest),
            })),
          );
        }),
      ),
    [userId],
  );
}

/**
 * A visited profile is held by the device: the person's card, the reviews about them, their reviewers'
 * cards and (through a server search) their announcements, so it stays readable offline and live.
 */
function useHeldProfile(userId: string, authorIds: string[]): void {
  useHeld('profiles', [userId]);
  useHeld('reviews', [userId]);
  useHeld('profiles', authorIds);
  useHeldSearch({ owner: userId, limit: SEARCH_PAGE.max });
}

type Remote =
  | { state: 'loading' }
  | { state: 'missing'; error: string }
  | { state: 'ready'; profile: ProfileView; reviews: ReviewView[]; announcements: AnnouncementDoc[] | null };

/** The REST answer: used until the local database has this profile (first visit, replication not done). */
function useRemoteProfile(userId: string, reloadKey: number): Remote {
  const [remote, setRemote] = useState<Remote>({ state: 'loading' });
  useEffect(() => {
    let alive = true;
    // A reload after a review write keeps showing the current answer until the new one arrives.
    setRemote((r) => (r.state === 'ready' && reloadKey > 0 ? r : { state: 'loading' }));
    api<PublicProfileApi>(`/api/users/profile/${encodeURIComponent(userId)}`, {
      fallbackError: PROFILE_MESSAGES.loadFailed,
    })
      .then(async (p) => {
        if (!alive) return;
        setRemote({
          state: 'ready',
          profile: profileFromApi(p),
          reviews: p.reviews.map(reviewFromApi),
          announcements: null,
        });
        const list = await api<AnnouncementApi[]>(`/api/users/announcements/${encodeURIComponent(userId)}`);
        if (alive)
          setRemote((r) =>
            r.state === 'ready' ? { ...r, announcements: list.map(fromApi).sort(byNewest) } : r,
          );
      })
      .catch((err) => {
        if (!alive) return;
        const error =
          err instanceof ApiError && err.status === 404
            ? PROFILE_MESSAGES.unavailable
            : PROFILE_MESSAGES.loadFailed;
        setRemote((r) => (r.state === 'ready' ? r : { state: 'missing', error }));
      });
    return () => {
      alive = false;
    };
  }, [userId, reloadKey]);
  return remote;
}

/**
 * A public profile, local first (works offline and updates live when replication brings changes), the
 * REST answer filling in until the local copy exists.
 */
export function usePublicProfile(userId: string, reloadKey = 0): PublicProfileData {
  const local = useLocalProfile(userId);
  useHeldProfile(userId, local?.reviews.map((r) => r.authorId) ?? []);
  const remote = useRemoteProfile(userId, reloadKey);
  const reviewsCaughtUp = useCaughtUp('reviews');
  // The local copy wins once its reviews have caught up this session — or whenever the server's answer
  // is not there (offline). Switching to a profile that has arrived before its reviews (or to a query
  // that has not yet seen the pull that just finished) would empty the list for a moment and remount
  // every card, closing a menu or dialog the person has open.
  const localBehind =
    remote.state === 'ready' &&
    (!reviewsCaughtUp || (local?.reviews.length === 0 && remote.reviews.length > 0));
  if (local?.profile && !localBehind) {
    return {
      state: 'ready',
      profile: local.profile,
      reviews: local.reviews,
      announcements: local.announcements,
      announcementsKnown: true,
    };
  }
  if (remote.state === 'ready') {
    return {
      state: 'ready',
      profile: remote.profile,
      reviews: remote.reviews,
      announcements: remote.announcements ?? [],
      announcementsKnown: remote.announcements !== null,
    };
  }
  return remote;
}
