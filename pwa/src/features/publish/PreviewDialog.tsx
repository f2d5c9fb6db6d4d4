import { useEffect, useRef } from 'react';
import { announcementFromForm } from '../../../../schema/announcement-api.ts';
import { COUNTRY_WIDE } from '../../../../schema/constants.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import { formatDate, formatLocation, formatPrice } from '../../../../schema/format.ts';
import type { DraftFields } from '../../db/draft.ts';
import { AnnouncementCard } from '../home/AnnouncementCard.tsx';
import type { ImageItem } from './images.ts';

type Props = { fields: DraftFields; images: ImageItem[]; id?: string; onClose: () => void };

const PREVIEW_ID = '000000000000000000000000';

/** The form as an announcement document, as lists and the detail page would receive it. */
export function previewDoc(fields: DraftFields, images: ImageItem[], id = PREVIEW_ID): AnnouncementDoc {
  const form = { ...fields, location: fields.location || COUNTRY_WIDE };
  const time = new Date().toISOString();
  return announcementFromForm(form, { id, ownerId: PREVIEW_ID, images: images.map((i) => i.url), time });
}

/**
 * 'Previzualizați anunțul': the card buyers see in lists, then the announcement's page content (photos,
 * price, place, description, contact). A native modal dialog: focus stays inside, Escape closes it.
 */
export function PreviewDialog({ fields, images, id, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const doc = previewDoc(fields, images, id);
  const title = doc.title.trim() || 'Anunț fără titlu';
  const price = formatPrice(doc.price);
  return (
    <dialog ref={ref} className="pub-dialog pub-preview" aria-labelledby="preview-title" onClose={onClose}>
      <header className="pub-dialog-head">
        <h2 id="preview-title">Previzualizare anunț</h2>
        <button type="button" className="btn btn-outline" onClick={onClose}>
          Închide
        </button>
      </header>
      <p className="muted">Așa vor vedea cumpărătorii anunțul tău în liste:</p>
      <div className="pub-preview-card" inert>
        <AnnouncementCard announcement={doc} />
      </div>
      <p className="muted">…și pe pagina anunțului:</p>
      <article className="pub-preview-detail">
        {doc.images.length > 0 ? (
          <div className="pub-preview-photos">
            {doc.images.map((src, i) => (
              <img key={src} src={src} alt={i === 0 ? title : `${title} — imaginea ${i + 1}`} />
            ))}
          </div>
        ) : (
          <div className="pub-preview-noimg">Fără imagine</div>
        )}
        <h3>{title}</h3>
        {price && <p className="pub-preview-price">{price}</p>}
        <p className="muted">
          {doc.category || 'Fără categorie'} · {formatLocation(doc.location, doc.localitate)} ·{' '}
          {formatDate(doc.createdAt)}
        </p>
        <p className="pub-preview-desc">{doc.description.trim() || 'Fără descriere.'}</p>
        <dl className="pub-preview-contact">
          <dt>Persoană de contact</dt>
          <dd>{doc.contactPerson.trim() || '—'}</dd>
          {doc.contactEmail.trim() && (
            <>
              <dt>Email</dt>
              <dd>{doc.contactEmail.trim()}</dd>
            </>
          )}
          {doc.contactPhone.trim() && (
            <>
              <dt>Telefon</dt>
              <dd>{doc.contactPhone.trim()}</dd>
            </>
          )}
        </dl>
      </article>
    </dialog>
  );
}
