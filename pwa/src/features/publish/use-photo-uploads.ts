import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  cancelPhoto,
  ensurePhoto,
  isConfirmed,
  onPhotoProgress,
  type PhotoProgress,
  type PhotosSummary,
  photoProgress,
  photoProgressVersion,
  photosSummary,
} from '../../db/photo-uploads.ts';
import { useSyncStatus, withSyncClient } from '../../db/sync-status.ts';
import type { ImageItem } from './images.ts';

export type PhotoUploads = {
  /** Progress of one new photo (undefined: not started, e.g. for a guest or with no network yet). */
  of: (photoId: string) => PhotoProgress | undefined;
  /** Sends one photo again after a failure. */
  retry: (photoId: string) => void;
  /** Stops a photo that is going up (it was removed from the form). */
  cancel: (photoId: string) => void;
  /** The whole selection: photos done, failed, bytes sent of all. */
  summary: PhotosSummary;
  /**
   * The app has no connection to its server now: a photo that got no answer waits for it and goes up
   * when it is back (the effect below), rather than having failed.
   */
  linkDown: boolean;
};

/**
 * The form's photos go up as soon as they are picked (issue 22), one at a time, while the seller types;
 * `userId` null (a guest, an edit) sends nothing. Failed ones are tried again when the connection
 * returns; the publish queue uses the same uploads (db/photo-uploads.ts), so nothing is sent twice.
 */
export function usePhotoUploads(userId: string | null, images: ImageItem[]): PhotoUploads {
  useSyncExternalStore(onPhotoProgress, photoProgressVersion);
  const linkDown = useSyncStatus() !== 'online' || navigator.onLine === false;
  const photos = useMemo(() => images.flatMap((i) => (i.kind === 'new' ? [i] : [])), [images]);

  const send = useCallback(
    (list: { photoId: string; blob: Blob }[], alsoFailed: boolean) => {
      if (!userId) return;
      for (const p of list) {
        const progress = photoProgress(p.photoId);
        const failed = progress?.state === 'failed';
        if (isConfirmed(p.photoId) || (failed && !(alsoFailed && progress.retryable))) continue;
        ensurePhoto(p.photoId, p.blob).catch(() => {});
      }
    },
    [userId],
  );

  useEffect(() => send(photos, false), [send, photos]);

  // Back online: photos that failed for want of a connection go up again (on the change, not at first).
  useEffect(() => {
    let sub: { unsubscribe(): void } | null = null;
    const off = withSyncClient((client) => {
      sub?.unsubscribe();
      let was: string | null = null;
      sub =
        client?.status$.subscribe((s) => {
          if (s === 'online' && was !== null && was !== 'online') send(photos, true);
          was = s;
        }) ?? null;
    });
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, [send, photos]);

  return {
    of: (id) => (isConfirmed(id) ? { state: 'done', sent: 1, total: 1 } : photoProgress(id)),
    retry: (id) => {
      const p = photos.find((x) => x.photoId === id);
      if (p) ensurePhoto(p.photoId, p.blob).catch(() => {});
    },
    cancel: cancelPhoto,
    summary: photosSummary(photos, linkDown),
    linkDown,
  };
}
