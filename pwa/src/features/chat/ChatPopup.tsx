import { Link } from '@tanstack/react-router';
import './chat.css';
import { useEffect, useMemo, useRef } from 'react';
import { LIMITS } from '../../../../schema/constants.ts';
import { formatPrice, idTail } from '../../../../schema/format.ts';
import { imageVariant } from '../../../../schema/images.ts';
import { conversationId } from '../../../../schema/rules/messages.ts';
import { hereForReturn } from '../auth/after-login.ts';
import { useSession } from '../session/use-session.ts';
import { ChatThread } from './ChatThread.tsx';
import { PersonAvatar } from './PersonAvatar.tsx';
import { fullName, useAnnouncementsById, useProfiles } from './use-chat-data.ts';
import { usePopupSize } from './use-popup-size.ts';

/**
 * Contract between the announcement detail page and the chat feature: the detail page renders
 * <ChatPopup announcementId sellerId onClose /> when the buyer taps 'Trimite mesaj'.
 */
export type ChatPopupProps = { announcementId: string; sellerId: string; onClose: () => void };

/**
 * The buyer's conversation with the seller about one announcement, over the detail page. Never shown
 * on one's own announcement. Messages are written to the local database first (offline too).
 */
export function ChatPopup({ announcementId, sellerId, onClose }: ChatPopupProps) {
  const { status, userId } = useSession();
  const meId = userId ?? '';
  const seller = useProfiles([sellerId]).get(sellerId);
  const ann = useAnnouncementsById([announcementId]).get(announcementId);
  const size = usePopupSize();
  const dialog = useRef<HTMLDivElement>(null);

  // Focus moves into the dialog, Escape closes it, and focus goes back where it was.
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLElement>('textarea, a[href], button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [onClose]);

  const nameOf = useMemo(
    () => (id: string) => (id === meId || id === '' ? 'Tu' : fullName(seller)),
    [meId, seller],
  );

  if (status === 'user' && sellerId === meId) return null;
  const firstName = seller?.firstName || 'Vânzătorul';
  const cover = ann?.images[0];

  return (
    <div
      ref={dialog}
      className={`chat-popup${size.resizable ? ' chat-popup--resizable' : ''}`}
      role="dialog"
      aria-modal="false"
      aria-label={`Conversație cu ${firstName}`}
      style={size.style}
    >
      {size.resizable && (
        <div
          className="chat-popup-grip"
          role="slider"
          tabIndex={0}
          aria-label="Redimensionează fereastra de chat (săgeți)"
          aria-valuenow={size.style?.width}
          aria-valuetext={`${size.style?.width} × ${size.style?.height} px`}
          {...size.handle}
        />
      )}
      <header className="chat-popup-head">
        <PersonAvatar profile={seller} size={36} />
        <h2>{firstName}</h2>
        <button type="button" className="icon-btn" aria-label="Închide conversația" onClick={onClose}>
          ✕
        </button>
      </header>
      {ann && (
        <div className="chat-popup-ann">
          {cover ? <img src={imageVariant(cover, 320)} alt="" width={56} height={42} /> : null}
          <div>
            <p className="chat-popup-ann-title">{ann.title}</p>
            <p className="muted">
              {formatPrice(ann.price)}
              {ann.price !== null && ' · '}ID: {idTail(ann.id, LIMITS.idTailDetail)}
            </p>
          </div>
        </div>
      )}
      {status === 'user' ? (
        <ChatThread
          conversationId={conversationId(sellerId, meId, announcementId)}
          announcementId={announcementId}
          otherUserId={sellerId}
          meId={meId}
          otherName={firstName}
          nameOf={nameOf}
          emptyText="Nicio conversație încă. Scrie primul mesaj!"
        />
      ) : (
        <p className="chat-popup-guest">
          {status === 'loading' ? (
            'Se încarcă...'
          ) : (
            <>
              <Link to="/login" search={{ redirect: hereForReturn({ do: 'chat' }) }}>
                Autentifică-te
              </Link>{' '}
              ca să-i scrii vânzătorului.
            </>
          )}
        </p>
      )}
    </div>
  );
}
