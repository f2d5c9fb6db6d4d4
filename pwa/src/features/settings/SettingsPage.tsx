import { Link } from '@tanstack/react-router';
import { BlockedUsers } from './BlockedUsers.tsx';
import { ChangeEmailForm } from './ChangeEmailForm.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ConnectedDevices } from './ConnectedDevices.tsx';
import { DeleteAccount } from './DeleteAccount.tsx';
import { LogoutEverywhere } from './LogoutEverywhere.tsx';
import { NotificationSettingsForm } from './NotificationSettingsForm.tsx';
import '../trust/trust.css';
import './settings.css';

/** /setari-cont (spec doc 1 §2 'Settings'), one card per setting. */
export function SettingsPage() {
  return (
    <div className="page settings-page">
      <h1>Setări cont</h1>
      <div className="settings-grid">
        <ChangePasswordForm />
        <ChangeEmailForm />
        <section className="settings-form" aria-labelledby="ads-title">
          <h2 id="ads-title">Anunțuri</h2>
          <p className="muted">Editează, reactualizează, dezactivează sau șterge anunțurile publicate.</p>
          <Link to="/anunturile-mele" className="btn btn-outline">
            Anunțurile mele
          </Link>
        </section>
        <NotificationSettingsForm />
        <section className="settings-form" aria-labelledby="billing-title">
          <h2 id="billing-title">Date de facturare</h2>
          <p className="muted">
            Datele de facturare vor putea fi completate odată cu plățile prin Hobbiz. Până atunci nu ai nimic
            de plătit și nu îți cerem aceste date. <Link to="/plati">Află ce urmează</Link>.
          </p>
        </section>
        <BlockedUsers />
        <ConnectedDevices />
        <LogoutEverywhere />
        <DeleteAccount />
      </div>
    </div>
  );
}
