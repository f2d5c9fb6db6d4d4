import { AppleIcon, FacebookIcon, GoogleIcon } from '../../ui/icons.tsx';

/**
 * The three social sign-ins of the spec: Google by browser redirect (it comes back through
 * /oauth-success), Facebook by an access-token exchange (the SDK arrives in a later issue, so for now it
 * reports the spec's failure message), Apple with no real action.
 */
export function SocialButtons({ onError }: { onError: (message: string) => void }) {
  return (
    <div className="social-buttons">
      <button type="button" className="btn btn-social" onClick={() => window.location.assign('/auth/google')}>
        <GoogleIcon size={20} />
        Continuă cu Google
      </button>
      <button
        type="button"
        className="btn btn-social"
        onClick={() => onError('Autentificare Facebook eșuată!')}
      >
        <FacebookIcon size={20} className="fb" />
        Continuă cu Facebook
      </button>
      <button type="button" className="btn btn-social" disabled title="În curând">
        <AppleIcon size={20} />
        Continuă cu Apple
      </button>
    </div>
  );
}
