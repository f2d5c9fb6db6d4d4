import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from '../../../../schema/rules/report-texts.ts';
import { failureMessage } from '../../api/client.ts';
import { submitReport } from '../../db/report-outbox.ts';
import { hereForReturn } from '../auth/after-login.ts';
import { useModal } from '../detail/use-modal.ts';
import { useSession } from '../session/use-session.ts';
import '../detail/detail.css';

type Target = { announcementId: string } | { userId: string } | { messageId: string };
type Props = { target: Target; title: string; onClose: () => void };

const HEADINGS = {
  announcementId: [
    'Raportează anunțul',
    'un anunț',
    'Cel care a publicat anunțul nu află cine l-a raportat.',
  ],
  userId: ['Raportează utilizatorul', 'pe cineva', 'Persoana raportată nu află cine a raportat-o.'],
  messageId: ['Raportează mesajul', 'un mesaj', 'Cel care a trimis mesajul nu află cine l-a raportat.'],
} as const;

/**
 * 'Raportează' (issue 24) an announcement, a person or a message: the report goes to the moderators
 * (POST /api/reports), once per person and target; offline it waits on the device and goes when the connection is back. A guest is asked to
 * sign in first (a report has to be followed up with someone). What was typed stays after a refusal.
 */
export function ReportDialog({ target, title, onClose }: Props) {
  const [heading, what, anonymous] = HEADINGS[Object.keys(target)[0] as keyof typeof HEADINGS];
  const ref = useRef<HTMLDialogElement>(null);
  const { userId } = useSession();
  const [reason, setReason] = useState<string>(REPORT_REASONS[0]);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  useModal(ref, onClose);

  const send = async () => {
    if (!userId) return;
    setBusy(true);
    setError('');
    try {
      setDone(await submitReport(userId, { target, reason, details: details.trim() }));
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className="ddialog" aria-labelledby="report-title">
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <h2 id="report-title">{heading}</h2>
        <p className="muted">„{title}”</p>
        {done ? (
          <>
            <p role="status">{done}</p>
            <div className="ddialog-actions">
              <button type="button" className="btn btn-primary" onClick={onClose}>
                Închide
              </button>
            </div>
          </>
        ) : !userId ? (
          <>
            <p>Ca să raportezi {what}, intră în cont: echipa Hobbiz îți va spune ce a decis.</p>
            <div className="ddialog-actions">
              <button type="button" className="btn btn-outline" onClick={onClose}>
                Anulează
              </button>
              <Link
                to="/login"
                search={{ redirect: hereForReturn({ do: 'report' }) }}
                className="btn btn-primary"
              >
                Autentifică-te
              </Link>
            </div>
          </>
        ) : (
          <>
            <p className="muted">Raportarea ajunge la echipa de moderare Hobbiz. {anonymous}</p>
            <fieldset className="dreasons">
              <legend>Motivul</legend>
              {REPORT_REASONS.map((r) => (
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
              <textarea
                value={details}
                onChange={(e) => setDetails(e.target.value)}
                rows={3}
                maxLength={REPORT_DETAILS_MAX}
              />
            </label>
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
            <div className="ddialog-actions">
              <button type="button" className="btn btn-outline" onClick={onClose}>
                Anulează
              </button>
              <button type="submit" className="btn btn-primary" disabled={busy}>
                Trimite raportarea
              </button>
            </div>
          </>
        )}
      </form>
    </dialog>
  );
}
