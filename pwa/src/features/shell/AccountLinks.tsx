import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LogoutIcon } from '../../ui/icons.tsx';
import { useSession } from '../session/use-session.ts';
import { ACCOUNT_LINKS, MODERATION_LINK } from './account-links.ts';
import { useLogout } from './use-logout.ts';

type Props = { id: string; onPick: () => void; children?: ReactNode };

/**
 * The list inside an account dropdown: the spec's links ('Moderare' too for a moderator), optional extra
 * entries, then sign-out.
 */
export function AccountLinks({ id, onPick, children }: Props) {
  const logout = useLogout();
  const { user } = useSession();
  const links = user?.moderator ? [...ACCOUNT_LINKS, MODERATION_LINK] : ACCOUNT_LINKS;
  return (
    <ul id={id} className="dropdown">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="dropdown-item" onClick={onPick}>
            {link.label}
          </Link>
        </li>
      ))}
      {children}
      <li>
        <button type="button" className="dropdown-item" onClick={() => void logout()}>
          <LogoutIcon size={18} />
          Deconectează-te
        </button>
      </li>
    </ul>
  );
}
