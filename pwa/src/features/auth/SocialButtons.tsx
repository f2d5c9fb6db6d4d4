import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { loginAnswer } from '../../../../schema/api/users.ts';
import { STORAGE_KEYS } from '../../../../schema/constants.ts';
import { SOCIAL_MESSAGES } from '../../../../schema/rules/account.ts';
import type { Answer } from '../../api/client.ts';
import { ApiError, api } from '../../api/client.ts';
import { AppleIcon, FacebookIcon, GoogleIcon } from '../../ui/icons.tsx';
import { useSession } from '../session/use-session.ts';
import { takeReturn } from './after-login.ts';
import { authProviders, facebookAccessToken } from './social-providers.ts';

/**
 * The three social sign-ins of the spec: Google by browser redirect (back through /oauth-success),
 * Facebook by an access-token exchange (the SDK is loaded only when the server has a Facebook app;
 * otherwise it says that the provider is not available here, as Google does), Apple with no real action.
 * Their errors show under them.
 */
export function SocialButtons() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // Said under these buttons, not under the password (issue 25): it is about them.
  const [error, onError] = useState('');

  const google = () => {
    if (!navigator.onLine) return onError(SOCIAL_MESSAGES.offline);
    // The token comes back in the fragment: never in a server's log, the history's query or a Referer.
    window.location.assign('/auth/google?handoff=fragment');
  };

  const facebook = async () => {
    onError('');
    if (!navigator.onLine) return onError(SOCIAL_MESSAGES.offline);
    setBusy(true);
    try {
      const { facebookAppId } = await authProviders();
      if (!facebookAppId) return onError(SOCIAL_MESSAGES.facebookNotConfigured);
      let accessToken: string | null;
      try {
        accessToken = await facebookAccessToken(facebookAppId);
      } catch {
        return onError(SOCIAL_MESSAGES.facebookFailed);
      }
      if (!accessToken) return onError(SOCIAL_MESSAGES.facebookCancelled);
      const { token } = await api<Answer<typeof loginAnswer>>('/api/auth/facebook/token', {
        method: 'POST',
        json: { access_token: accessToken },
        fallbackError: SOCIAL_MESSAGES.facebookFailed,
      });
      localStorage.setItem(STORAGE_KEYS.token, token);
      await refresh(true);
      await navigate({ href: takeReturn(), replace: true });
    } catch (err) {
      onError(err instanceof ApiError ? err.message : SOCIAL_MESSAGES.facebookFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="social-buttons">
      <button type="button" className="btn btn-social" onClick={google}>
        <GoogleIcon size={20} />
        Continuă cu Google
      </button>
      <button type="button" className="btn btn-social" disabled={busy} onClick={() => void facebook()}>
        <FacebookIcon size={20} className="fb" />
        {busy ? 'Se încarcă...' : 'Continuă cu Facebook'}
      </button>
      <button type="button" className="btn btn-social" disabled title="În curând">
        <AppleIcon size={20} />
        Continuă cu Apple
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
