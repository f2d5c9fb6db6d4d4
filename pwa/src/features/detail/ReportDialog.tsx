import { useRef, useState } from 'react';
import { LEGAL } from '../static/legal-facts.ts';
import { useModal } from './use-modal.ts';

type Props = { announcementId: string; title: string; onClose: () => void };

const REASONS = [
  'Fraudă sau înșelăciune',
  'Conținut interzis sau ofensator',
  'Anunț duplicat sau spam',
  'Informații false sau înșelătoare',
  'Altceva',
] as const;

/**
 * 'Raportează': there is no moderation queue in the product yet, so a report goes where the terms say
 * reports go — an e-mail to the Hobbiz team, written for the user in their own mail app (they see exactly
 * what is sent, and nothing leaves without them pressing Send).
 */
export function ReportDialog({ announcementId, title, onClose }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<string>(REASONS[0]);
  const [details, setDetails] = useState('');
  useModal(ref, onClose);

  const link = `${location.origin}/announcement/${announcementId}`;
  const subject = `Raportare anunț ${announcementId}`;
  const body = [`Anunț: ${title}`, `Link: ${link}`, `Motiv: ${reason}`, '', details.trim()].join('\n');
  const mailto = `mailto:${LEGAL.contactEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;

  return (
    <dialog ref={ref} className="ddialog" aria-labelledby="report-title">
      <form method="dialog">
        <h2 id="report-title">Raportează anunțul</h2>
        <p className="muted">
          Raportarea se trimite prin e-mail echipei Hobbiz ({LEGAL.contactEmail}): se deschide aplicația ta de
          e-mail cu mesajul completat. Răspundem în {LEGAL.supportReplyHours} de ore.
        </p>
        <fieldset className="dreasons">
          <legend>Motivul</legend>
          {REASONS.map((r) => (
            <label key={r}>
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              <span>{r}</span>
            </label>
          ))}
        </fieldset>
        <label className="dfield">
          <span>Detalii (opțional)</span>
          <textarea value={details} onChange={(e) => setDetails(e.target.value)} rows={3} maxLength={1000} />
        </label>
        <div className="ddialog-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Anulează
          </button>
          {/* A real mailto link: it opens the person's mail app with everything filled in. */}
          <a className="btn btn-primary" href={mailto} onClick={onClose}>
            Scrie e-mailul
          </a>
        </div>
      </form>
    </dialog>
  );
}
