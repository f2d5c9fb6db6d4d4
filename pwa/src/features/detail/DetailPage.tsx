import { getRouteApi, Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useState } from 'react';
import { LIMITS } from '../../../../schema/constants.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { formatDate, formatPrice, idTail, pluralRo } from '../../../../schema/format.ts';
import { createdAtFromId } from '../../../../schema/ids.ts';
import { firstPaintDone } from '../../first-paint.ts';
import { FavoriteButton } from '../favorites/FavoriteButton.tsx';
import { keepNextPage } from '../offline/next-pages.ts';
import { useSession } from '../session/use-session.ts';
import { LazyPart, lazyPart } from '../shell/LazyPart.tsx';
import { useMediaQuery } from '../shell/use-media-query.ts';
import { ContactBar } from './ContactBar.tsx';
import { DetailSkeleton } from './DetailSkeleton.tsx';
import { loadChatPopup, loadRatingDialog, loadReportDialog } from './dialogs.ts';
import { ImageCarousel } from './ImageCarousel.tsx';
import { InactiveNotice } from './InactiveNotice.tsx';
import { MapBox } from './MapBox.tsx';
import { SellerCard } from './SellerCard.tsx';
import { ShareButton } from './ShareButton.tsx';
import { UpdatedBanner } from './UpdatedBanner.tsx';
import { type SellerCardApi, useAnnouncement } from './use-announcement.ts';
import { useSeller } from './use-seller.ts';
import { ZoomViewer } from './ZoomViewer.tsx';
import './detail.css';

const ChatPopup = lazyPart(() => loadChatPopup().then((m) => m.ChatPopup));
const ReportDialog = lazyPart(() => loadReportDialog().then((m) => m.ReportDialog));
const RatingDialog = lazyPart(() => loadRatingDialog().then((m) => m.RatingDialog));

const route = getRouteApi('/announcement/$id');

/** Navigation state an editor may pass instead of `?updated=1`. */
declare module '@tanstack/react-router' {
  interface HistoryState {
    updated?: boolean;
  }
}

/** The announcement detail page (spec doc 2 §2). */
export function DetailPage({ id }: { id: string }) {
  const { updated, do: intent } = route.useSearch();
  const navigate = route.useNavigate();
  const { userId } = useSession();
  const state = useAnnouncement(id, userId);
  const updatedState = useRouterState({ select: (s) => s.location.state.updated === true });
  const [banner] = useState(() => updated === 1 || updatedState);
  // A guest who signed in to write or rate comes back with `do`: that dialog opens once (issue 25).
  const [startWith] = useState(() => intent ?? null);

  // The banner shows once: `updated=1` leaves the URL, so a reload or a shared link does not repeat it.
  useEffect(() => {
    if (updated === 1 || intent) void navigate({ search: {}, replace: true });
  }, [updated, intent, navigate]);

  // Its category's listing is one tap away (the chip under the title): kept for offline use.
  useEffect(() => keepNextPage('listing'), []);

  // The server's first screen of this announcement (a direct visit) gives way once there is more to show.
  useLayoutEffect(() => {
    if (state.status !== 'loading') firstPaintDone(`/announcement/${id}`);
  }, [state.status, id]);

  if (state.status === 'loading') return <DetailSkeleton />;
  if (state.status === 'missing') {
    return (
      <section className="page detail-missing">
        <h1>Anunțul nu a fost găsit</h1>
        <p className="muted">Poate a fost șters sau dezactivat de autorul lui.</p>
        <Link to="/" className="btn btn-primary">
          Înapoi la pagina principală
        </Link>
      </section>
    );
  }
  return (
    <DetailBody
      announcement={state.announcement}
      restUser={state.restUser}
      viewerId={userId}
      banner={banner}
      startWith={userId ? startWith : null}
    />
  );
}

type BodyProps = {
  announcement: AnnouncementDoc;
  restUser: SellerCardApi | null;
  viewerId: string | null;
  banner: boolean;
  startWith: 'rating' | 'report' | 'chat' | null;
};

function DetailBody({ announcement: a, restUser, viewerId, banner, startWith }: BodyProps) {
  const navigate = useNavigate();
  const seller = useSeller(a.ownerId, restUser);
  const [zoomAt, setZoomAt] = useState<number | null>(null);
  const isOwner = viewerId === a.ownerId;
  const [dialog, setDialog] = useState<'rating' | 'report' | 'chat' | null>(isOwner ? null : startWith);
  // One 'Trimite mesaj' on wide screens (the seller card sits beside the photos there).
  const phone = useMediaQuery('(max-width: 899px)');
  const title = a.title.trim() || 'Anunț fără titlu';
  const posted = formatDate(a.createdAt || createdAtFromId(a.id));
  const price = formatPrice(a.price) || 'Preț la cerere';
  const sellerName = `${seller.firstName} ${seller.lastName}`.trim();
  // Messages and reviews need an account: a guest is asked to sign in first.
  const needAccount = (then: 'rating' | 'chat') =>
    viewerId
      ? setDialog(then)
      : void navigate({ to: '/login', search: { redirect: `/announcement/${a.id}?do=${then}` } });

  return (
    <article className="page detail">
      {banner && <UpdatedBanner />}
      <div className="detail-grid">
        <div className="detail-main">
          <ImageCarousel images={a.images} title={title} onOpen={setZoomAt} />
          <p className="detail-date muted">{posted && `Publicat pe ${posted}`}</p>
          <div className="detail-head">
            <h1>{title}</h1>
            <div className="detail-actions">
              <FavoriteButton id={a.id} title={title} />
              <ShareButton title={title} />
            </div>
          </div>
          <Link
            to="/anunturi-categorie/$category"
            params={{ category: a.category }}
            className="lchip detail-cat"
          >
            {a.category}
          </Link>
          <p className="detail-price-top">{price}</p>
          {!a.active && <InactiveNotice id={a.id} owner={isOwner} />}
          <h2 className="detail-sub">Descriere</h2>
          <p className="detail-desc">{a.description}</p>
          <div className="detail-meta muted">
            <span>ID: {idTail(a.id, LIMITS.idTailDetail)}</span>
            <span>{pluralRo(a.views, 'vizualizare', 'vizualizări', 'de vizualizări')}</span>
            <button type="button" className="link-btn" onClick={() => setDialog('report')}>
              Raportează
            </button>
          </div>
        </div>
        <div className="detail-side">
          <p className="detail-price">{price}</p>
          <SellerCard
            seller={seller}
            isOwner={isOwner}
            contactPerson={a.contactPerson}
            contactPhone={a.contactPhone}
            onMessage={() => needAccount('chat')}
            onRate={() => needAccount('rating')}
          />
          <MapBox county={a.location} locality={a.localitate} />
        </div>
      </div>
      {phone && !isOwner && dialog !== 'chat' && (
        <ContactBar price={price} onMessage={() => needAccount('chat')} />
      )}
      {zoomAt !== null && a.images.length > 0 && (
        <ZoomViewer images={a.images} start={zoomAt} title={title} onClose={() => setZoomAt(null)} />
      )}
      {dialog && (
        <LazyPart onFail={() => setDialog(null)}>
          {dialog === 'rating' && (
            <RatingDialog
              sellerId={a.ownerId}
              sellerName={sellerName}
              announcementId={a.id}
              onClose={() => setDialog(null)}
            />
          )}
          {dialog === 'report' && (
            <ReportDialog target={{ announcementId: a.id }} title={title} onClose={() => setDialog(null)} />
          )}
          {dialog === 'chat' && !isOwner && (
            <ChatPopup announcementId={a.id} sellerId={a.ownerId} onClose={() => setDialog(null)} />
          )}
        </LazyPart>
      )}
    </article>
  );
}
