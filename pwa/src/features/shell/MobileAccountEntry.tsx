import { Link } from '@tanstack/react-router';
import { PersonIcon } from '../../ui/icons.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useDropdown } from '../../ui/use-dropdown.ts';
import { useSession } from '../session/use-session.ts';
import { AccountLinks } from './AccountLinks.tsx';
import { useDarkMode } from './use-dark-mode.ts';

/**
 * 'Cont' in the footer bar. Signed out: /login. Signed in: up to 900 px a link to /cont, wider a button
 * toggling the account dropdown. Both are rendered; CSS shows the right one, so the bar never jumps.
 */
export function MobileAccountEntry() {
  const { status, avatarCandidates } = useSession();
  const [dark, setDark] = useDarkMode();
  const dd = useDropdown();

  if (status === 'guest') {
    return (
      <Link to="/login" className="mnav-item">
        <PersonIcon />
        <span>Cont</span>
      </Link>
    );
  }

  const avatar = <UserAvatar candidates={avatarCandidates} size={24} />;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the dropdown when focus moves out of the group
    <div ref={dd.rootRef} className="mnav-account" onBlur={dd.onBlur}>
      <Link to="/cont" className="mnav-item only-narrow" activeProps={{ className: 'is-active' }}>
        {avatar}
        <span>Cont</span>
      </Link>
      <button className="mnav-item only-wide" {...dd.toggleProps('mnav-account-menu')}>
        {avatar}
        <span>Cont</span>
      </button>
      {dd.open && (
        <AccountLinks id="mnav-account-menu" onPick={dd.close}>
          <li>
            <Link to="/contul-tau" className="dropdown-item" onClick={dd.close}>
              Contul tău
            </Link>
          </li>
          <li>
            <button type="button" className="dropdown-item" onClick={() => setDark(!dark)}>
              {dark ? 'Luminos' : 'Mod Întunecat'}
            </button>
          </li>
        </AccountLinks>
      )}
    </div>
  );
}
