import { useRef } from 'react';
import { LIMITS } from '../../../../schema/constants.ts';
import { pluralRo } from '../../../../schema/format.ts';
import type { RefusedImage } from '../../../../schema/rules/announcement.ts';
import type { ImageItem } from './images.ts';
import { uploadSummaryText } from './upload-summary.ts';
import type { PhotoUploads } from './use-photo-uploads.ts';

type Props = {
  images: ImageItem[];
  /** Files of the last selection that were not added, each with its reason. */
  refused: RefusedImage[];
  onDismissRefused: () => void;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
  /** Photos of the last selections still being checked and made small on this device. */
  preparing?: number;
  /** Photos going up as they are picked (null: nothing is sent before 'Publică', e.g. an edit). */
  uploads?: PhotoUploads | null;
};

const isGoing = (uploads: PhotoUploads, id: string) => {
  const s = uploads.of(id)?.state;
  return s === 'waiting' || s === 'sending';
};

/** The state of one photo on its tile. */
function UploadBadge({ n, photoId, uploads }: { n: number; photoId: string; uploads: PhotoUploads }) {
  const p = uploads.of(photoId);
  if (!p) return null;
  if (p.state === 'done') {
    return (
      <span className="pub-upload pub-upload--done" role="status">
        ✓ Încărcată
      </span>
    );
  }
  if (p.state === 'failed') {
    // Offline, no answer is not a failure of the photo: it goes up by itself when the connection is
    // back (issue 45). 'Reîncearcă' stays, for a link that returns before the app notices.
    const waits = p.network && uploads.linkDown;
    return (
      <span
        className={`pub-upload ${waits ? 'pub-upload--offline' : 'pub-upload--failed'}`}
        role="status"
        title={waits ? undefined : p.error}
      >
        {waits ? 'Se va încărca când revine internetul' : 'Neîncărcată'}
        <button
          type="button"
          className="btn btn-outline btn-xs"
          aria-label={`Reîncearcă încărcarea imaginii ${n}`}
          onClick={() => uploads.retry(photoId)}
        >
          Reîncearcă
        </button>
      </span>
    );
  }
  const pct = p.total > 0 ? Math.round((100 * p.sent) / p.total) : 0;
  return (
    <span className="pub-upload" role="status">
      {p.state === 'waiting' ? 'În așteptare' : `Se încarcă ${pct}%`}
      <progress max={100} value={pct} aria-label={`Încărcarea imaginii ${n}`} />
    </span>
  );
}

/**
 * JPEG photos with previews. The first is the cover ('Imagine principală'); any other can be made the
 * cover or moved one place left/right; each can be removed. Limits and messages come from schema/rules.
 */
export function ImagePicker({
  images,
  refused,
  onDismissRefused,
  onAdd,
  onRemove,
  onMove,
  preparing = 0,
  uploads = null,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const full = images.length >= LIMITS.imagesMax;
  const summary = uploads ? uploadSummaryText(uploads.summary) : null;
  return (
    <div className="pub-field">
      <span className="pub-label" id="images-label">
        Imagini
      </span>
      <p className="pub-hint muted" id="images-hint">
        Doar fotografii JPG/JPEG, cel mult {LIMITS.imagesMax}, fiecare sub{' '}
        {LIMITS.imageMaxBytes / 1024 / 1024}
        MB. Prima imagine este imaginea principală a anunțului ({images.length}/{LIMITS.imagesMax}).
      </p>
      <ul className="pub-images" aria-labelledby="images-label">
        {images.map((img, i) => {
          const n = i + 1;
          return (
            <li key={img.key} className="pub-image">
              <img src={img.url} alt={`Imaginea ${n}`} width={160} height={120} />
              {i === 0 && <span className="pub-cover">Imagine principală</span>}
              {uploads && img.kind === 'new' && <UploadBadge n={n} photoId={img.photoId} uploads={uploads} />}
              <div className="pub-image-tools">
                {i > 0 && (
                  <button type="button" className="btn btn-outline btn-xs" onClick={() => onMove(i, 0)}>
                    Fă-o principală
                  </button>
                )}
                <span className="pub-image-row">
                  <button
                    type="button"
                    className="icon-btn icon-btn-sm"
                    aria-label={`Mută imaginea ${n} la stânga`}
                    disabled={i === 0}
                    onClick={() => onMove(i, i - 1)}
                  >
                    ‹
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn-sm"
                    aria-label={`Mută imaginea ${n} la dreapta`}
                    disabled={i === images.length - 1}
                    onClick={() => onMove(i, i + 1)}
                  >
                    ›
                  </button>
                  <button
                    type="button"
                    className="icon-btn icon-btn-sm pub-remove"
                    aria-label={
                      uploads && img.kind === 'new' && isGoing(uploads, img.photoId)
                        ? `Anulează încărcarea imaginii ${n}`
                        : `Elimină imaginea ${n}`
                    }
                    onClick={() => onRemove(i)}
                  >
                    ×
                  </button>
                </span>
              </div>
            </li>
          );
        })}
        <li className="pub-image pub-image-add">
          <button
            type="button"
            className="pub-add"
            disabled={full}
            aria-describedby="images-hint"
            onClick={() => input.current?.click()}
          >
            <span aria-hidden="true">+</span>
            Adaugă imagini
          </button>
        </li>
      </ul>
      {(preparing > 0 || summary) && (
        <p className="pub-upload-summary muted" role="status" aria-live="polite">
          {preparing > 0
            ? `Se pregătesc ${pluralRo(preparing, 'fotografie', 'fotografii', 'de fotografii')}…`
            : summary}
        </p>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,.jpg,.jpeg"
        multiple
        hidden
        aria-label="Alege imagini JPG/JPEG"
        data-testid="images-input"
        onChange={(e) => {
          onAdd([...(e.currentTarget.files ?? [])]);
          e.currentTarget.value = '';
        }}
      />
      {refused.length > 0 && (
        <div id="images-refused" className="pub-refused" role="alert">
          <p className="pub-refused-head">
            {refused.length === 1
              ? 'Un fișier nu a fost adăugat:'
              : `${pluralRo(refused.length, 'fișier', 'fișiere', 'de fișiere')} nu au fost adăugate:`}
          </p>
          <ul>
            {refused.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name; the list is replaced whole
              <li key={i}>
                <span className="pub-refused-name">{r.name}</span>: {r.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="pub-refused-ok" onClick={onDismissRefused}>
            Am înțeles
          </button>
        </div>
      )}
    </div>
  );
}
