import { Link } from '@tanstack/react-router';
import { ChevronRightIcon, LogoutIcon, MoonIcon, SunIcon } from '../../ui/icons.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useSession } from '../session/use-session.ts';
import { MODERATION_LINK } from './account-links.ts';
import { useDarkMode } from './use-dark-mode.ts';
import { useLogout } from './use-logout.ts';

/**
 * Spec doc 2 §2 '/cont': the account menu as a page, for phones (the 'Cont' tab up to 900 px); a moderator
 * also finds 'Moderare' here (issue 45, item 4).
 */
const ENTRIES = [
  { to: '/setari-cont', label: 'Setări' },
  { to: '/anunturile-mele', label: 'Anunțurile mele' },
  { to: '/profil', label: 'Profil' },
  { to: '/notificari', label: 'Notificări' },
  { to: '/plati', label: 'Plăți' },
  { to: '/contul-tau', label: 'Contul tău' },
] as const;

export function AccountMenuPage() {
  const { user, avatarCandidates } = useSession();
  const [dark, setDark] = useDarkMode();
  const logout = useLogout();
  const entries = user?.moderator ? [...ENTRIES, MODERATION_LINK] : ENTRIES;
  return (
    <section className="page account-page" aria-labelledby="account-page-title">
      <div className="account-page-head">
        <UserAvatar candidates={avatarCandidates} size={56} />
        <div>
          <h1 id="account-page-title">Contul meu</h1>
          {user && (
            <p className="muted">
              {user.firstName} {user.lastName}
            </p>
          )}
        </div>
      </div>
      <ul className="account-list">
        {entries.map((e) => (
          <li key={e.to}>
            <Link to={e.to} className="account-row">
              <span>{e.label}</span>
              <ChevronRightIcon size={18} />
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="account-row"
            role="switch"
            aria-checked={dark}
            onClick={() => setDark(!dark)}
          >
            <span>Mod Întunecat</span>
            {dark ? <MoonIcon size={18} /> : <SunIcon size={18} />}
          </button>
        </li>
        <li>
          <button type="button" className="account-row account-row--danger" onClick={() => void logout()}>
            <span>Deconectează-te</span>
            <LogoutIcon size={18} />
          </button>
        </li>
      </ul>
    </section>
  );
}
