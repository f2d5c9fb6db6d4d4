import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LogoutIcon } from '../../ui/icons.tsx';
import { ACCOUNT_LINKS } from './account-links.ts';
import { useLogout } from './use-logout.ts';

type Props = { id: string; onPick: () => void; children?: ReactNode };

/** The list inside an account dropdown: the spec's links, optional extra entries, then sign-out. */
export function AccountLinks({ id, onPick, children }: Props) {
  const logout = useLogout();
  return (
    <ul id={id} className="dropdown">
      {ACCOUNT_LINKS.map((link) => (
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
