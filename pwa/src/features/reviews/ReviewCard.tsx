import { Link } from '@tanstack/react-router';
import { formatDate, pluralRo } from '../../../../schema/format.ts';
import { HeartIcon } from '../../ui/icons.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { ReviewMenu } from './ReviewMenu.tsx';
import { Stars } from './Stars.tsx';
import type { ShownReview } from './use-review-actions.ts';

type Props = {
  review: ShownReview;
  onLike: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

/** One review: author, date, announcement, comment, score, like; the author also gets the menu. */
export function ReviewCard({ review: r, onLike, onEdit, onDelete }: Props) {
  return (
    <article className="review-card" aria-label={`Recenzie de la ${r.authorName}`}>
      <header className="review-head">
        <UserAvatar candidates={r.authorAvatar ? [r.authorAvatar] : []} size={40} />
        <div className="review-who">
          <Link to="/profil/$userId" params={{ userId: r.authorId }} className="review-author">
            {r.authorName}
          </Link>
          <time dateTime={r.createdAt} className="muted">
            {formatDate(r.createdAt)}
          </time>
        </div>
        {r.mine && <ReviewMenu onEdit={onEdit} onDelete={onDelete} />}
      </header>
      {r.announcementTitle && (
        <p className="review-ann">
          Pentru:{' '}
          <Link to="/announcement/$id" params={{ id: r.announcementId }}>
            {r.announcementTitle}
          </Link>
        </p>
      )}
      <Stars score={r.score} />
      {r.comment && <p className="review-comment">{r.comment}</p>}
      <button
        type="button"
        className={r.likedByMe ? 'like-btn is-on' : 'like-btn'}
        aria-pressed={r.likedByMe}
        aria-label={`Apreciază recenzia, ${pluralRo(r.likesCount, 'apreciere', 'aprecieri', 'de aprecieri')}`}
        onClick={onLike}
      >
        <HeartIcon size={16} />
        <span aria-hidden="true">{r.likesCount}</span>
      </button>
    </article>
  );
}
