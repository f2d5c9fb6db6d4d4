import { useState } from 'react';
import { STORAGE_KEYS, TIMINGS } from '../../../../schema/constants.ts';
import { ACCOUNT_MESSAGES } from '../../../../schema/rules/account.ts';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useSession } from '../session/use-session.ts';
import { useIdentityConfirm } from './IdentityConfirmField.tsx';
import { failed, type Status, StatusLine } from './StatusLine.tsx';

/**
 * 'Șterge contul' (spec doc 1 §2, §4): confirm dialog; on success the message, the token removed at
 * once, then after 1.5 s the home page, reloaded. The dialog asks for 'Parola actuală' (issue 12 item 15;
 * a social-only account types its address); a refusal is shown in the dialog, which stays open with what
 * was typed.
 */
export function DeleteAccount() {
  const { logout } = useSession();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const identity = useIdentityConfirm('delete-confirm');
  const [dialogError, setDialogError] = useState<Status>(null);

  const close = () => {
    setAsking(false);
    setDialogError(null);
  };

  const confirm = async () => {
    const missing = identity.missing();
    if (missing) return setDialogError({ kind: 'error', text: missing });
    setBusy(true);
    setDialogError(null);
    try {
      await api<unknown>('/api/users/delete-account', {
        method: 'DELETE',
        json: identity.proof(),
        fallbackError: ACCOUNT_MESSAGES.accountDeleteFailed,
      });
    } catch (err) {
      setBusy(false);
      setDialogError(failed(err));
      return;
    }
    setAsking(false);
    identity.reset();
    setStatus({ kind: 'success', text: ACCOUNT_MESSAGES.accountDeleted });
    try {
      localStorage.removeItem(STORAGE_KEYS.token);
    } catch {
      /* storage blocked: the local sign-out below still forgets it */
    }
    window.setTimeout(() => {
      void logout().finally(() => window.location.assign('/'));
    }, TIMINGS.accountDeletionRedirectMs);
  };

  return (
    <section className="settings-form settings-danger" aria-labelledby="delete-title">
      <h2 id="delete-title">Șterge contul</h2>
      <p className="muted">
        Contul, profilul și toate anunțurile tale vor fi șterse definitiv. Această acțiune nu poate fi
        anulată.
      </p>
      <StatusLine status={status} />
      <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setAsking(true)}>
        Șterge contul
      </button>
      <ConfirmDialog
        open={asking}
        title="Sigur vrei să ștergi contul?"
        confirmLabel="Șterge"
        danger
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={close}
      >
        <p>Această acțiune este ireversibilă. Toate anunțurile tale vor fi șterse.</p>
        {identity.field}
        <StatusLine status={dialogError} />
      </ConfirmDialog>
    </section>
  );
}
