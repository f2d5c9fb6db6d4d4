import { useState } from 'react';
import type { ReviewView } from '../../../../schema/profile-api.ts';
import { REVIEW_MESSAGES } from '../../../../schema/rules/reviews.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { showToast } from '../shell/toast.ts';
import { EditReviewDialog } from './EditReviewDialog.tsx';
import { ReviewCard } from './ReviewCard.tsx';
import type { ReviewActions, ShownReview } from './use-review-actions.ts';

type Props = { reviews: ReviewView[]; actions: ReviewActions; limit?: number; emptyText: string };

/** Review cards with the like button, and the author's edit dialog and delete confirmation. */
export function ReviewList({ reviews, actions, limit, emptyText }: Props) {
  const [editing, setEditing] = useState<ShownReview | null>(null);
  const [deleting, setDeleting] = useState<ShownReview | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = reviews.map(actions.show).filter((r): r is ShownReview => r !== null);
  const visible = limit === undefined ? shown : shown.slice(0, limit);
  const source = (r: ShownReview) => reviews.find((x) => x.id === r.id) ?? r;

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await actions.remove(source(deleting));
      setDeleting(null);
    } catch (err) {
      showToast((err as Error).message || REVIEW_MESSAGES.deleteFailed, 'error');
    } finally {
      setBusy(false);
    }
  };

  if (visible.length === 0) return <p className="muted">{emptyText}</p>;
  return (
    <>
      <ul className="review-list">
        {visible.map((r) => (
          <li key={r.id}>
            <ReviewCard
              review={r}
              onLike={() => void actions.like(source(r))}
              onEdit={() => setEditing(r)}
              onDelete={() => setDeleting(r)}
            />
          </li>
        ))}
      </ul>
      {editing && (
        <EditReviewDialog
          initial={{ score: editing.score, comment: editing.comment }}
          onSave={(input) => actions.edit(source(editing), input)}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title="Ștergi recenzia?"
        confirmLabel="Șterge"
        danger
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>Recenzia va dispărea definitiv de pe acest profil.</p>
      </ConfirmDialog>
    </>
  );
}
