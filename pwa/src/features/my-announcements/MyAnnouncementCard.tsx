import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { LIMITS } from '../../../../schema/constants.ts';
import { formatDate, formatLocation, formatPrice, idTail } from '../../../../schema/format.ts';
import {
  onPhotoProgress,
  photoProgress,
  photoProgressVersion,
  photosSummary,
} from '../../db/photo-uploads.ts';
import type { PendingAnnouncement } from '../../db/publish-queue.ts';
import { CardCover } from '../home/CardCover.tsx';
import { uploadSummaryText } from '../publish/upload-summary.ts';
import { hiddenByModeration } from './actions.ts';
import type { MyEntry } from './use-my-announcements.ts';

type Props = {
  entry: MyEntry;
  busy: boolean;
  onEdit: () => void;
  onRenew: () => void;
  onToggleActive: () => void;
  onDelete: () => void;
  /** Issue 24: why moderation hid it ('' when it is not hidden); the owner may ask for another look. */
  hiddenReason: string;
  onAskReview: () => void;
};

/**
 * Why a queued announcement waits: the server's refusal, its photos going up ('Se încarcă 3 din 10 ·
 * 1,2 MB din 2,4 MB', issue 22), or no connection.
 */
function PendingNote({ pending }: { pending: PendingAnnouncement }) {
  useSyncExternalStore(onPhotoProgress, photoProgressVersion);
  if (pending.error) return <p className="my-card-note is-error">{pending.error}</p>;
  const photos = (pending.photoIds ?? []).map((photoId, i) => ({ photoId, blob: pending.images[i]! }));
  const summary = photosSummary(photos);
  const going = photos.some((p) => {
    const state = photoProgress(p.photoId)?.state;
    return state === 'waiting' || state === 'sending';
  });
  return (
    <p className="my-card-note" role="status">
      {going
        ? uploadSummaryText(summary)
        : 'Fără conexiune: anunțul va fi publicat automat când revine internetul.'}
    </p>
  );
}

/** One of my announcements: what it is, where, its id tail, its state, and what I can do with it. */
export function MyAnnouncementCard({
  entry,
  busy,
  onEdit,
  onRenew,
  onToggleActive,
  onDelete,
  hiddenReason,
  onAskReview,
}: Props) {
  const a = entry.doc;
  const title = a.title.trim() || 'Anunț fără titlu';
  const pending = entry.kind === 'pending';
  const price = formatPrice(a.price);
  return (
    <li className={a.active ? 'my-card' : 'my-card is-inactive'} aria-label={title}>
      <div className="my-card-media">
        <CardCover cover={a.images[0]} title={title} onDevice={pending} />
        {pending && <span className="my-state my-state--pending">În așteptare</span>}
        {!pending && !a.active && (
          <span className="my-state">{hiddenReason ? 'Ascuns de moderare' : 'Inactiv'}</span>
        )}
      </div>
      <div className="my-card-body">
        {pending ? (
          <span className="my-card-title">{title}</span>
        ) : (
          <Link className="my-card-title" to="/announcement/$id" params={{ id: a.id }}>
            {title}
          </Link>
        )}
        <span className="my-card-meta">{a.category}</span>
        <span className="my-card-meta">{formatLocation(a.location, a.localitate)}</span>
        {price && <span className="my-card-price">{price}</span>}
        <span className="my-card-meta muted">
          ID: {idTail(a.id, LIMITS.idTailCard)} · {formatDate(a.createdAt)}
        </span>
        {pending && <PendingNote pending={entry.pending} />}
        {hiddenReason && <p className="my-card-note is-error">{hiddenByModeration(hiddenReason)}</p>}
      </div>
      <div className="my-card-actions">
        {!pending && (
          <>
            <button type="button" className="btn btn-outline btn-sm" onClick={onEdit}>
              Editează
            </button>
            <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={onRenew}>
              Reactualizează
            </button>
            {hiddenReason ? (
              <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={onAskReview}>
                Cere o nouă verificare
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={busy}
                onClick={onToggleActive}
              >
                {a.active ? 'Dezactivează' : 'Activează'}
              </button>
            )}
          </>
        )}
        <button type="button" className="btn btn-outline btn-sm my-delete" disabled={busy} onClick={onDelete}>
          Șterge
        </button>
      </div>
    </li>
  );
}
