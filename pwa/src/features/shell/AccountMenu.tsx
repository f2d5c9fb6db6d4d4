import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { TIMINGS } from '../../../../schema/constants.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { UserAvatar } from '../../ui/UserAvatar.tsx';
import { useDropdown } from '../../ui/use-dropdown.ts';
import { useSession } from '../session/use-session.ts';
import { AccountLinks } from './AccountLinks.tsx';

/**
 * Desktop 'Contul tău'. Signed out it is a link to /login. Signed in it opens on hover (closing 200 ms
 * after the pointer leaves) and on click or keyboard, like any disclosure button.
 */
export function AccountMenu() {
  const { status, avatarCandidates } = useSession();
  const dd = useDropdown(TIMINGS.accountDropdownCloseMs);
  // A hover has just opened the menu: the click that usually follows must not close it again.
  const openedByHover = useRef(false);

  if (status === 'guest') {
    return (
      <Link to="/login" className="account-btn">
        <UserAvatar candidates={[]} />
        <span>Contul tău</span>
      </Link>
    );
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only mirrors the button, which stays the real control
    <div
      ref={dd.rootRef}
      className="menu-wrap"
      onPointerEnter={(e) => {
        if (e.pointerType !== 'mouse') return;
        dd.cancelClose();
        if (!dd.open) openedByHover.current = true;
        dd.setOpen(true);
      }}
      onPointerLeave={(e) => {
        if (e.pointerType !== 'mouse') return;
        openedByHover.current = false;
        dd.closeSoon();
      }}
      onBlur={dd.onBlur}
    >
      <button
        className="account-btn"
        {...dd.toggleProps('account-menu')}
        onClick={() => {
          if (openedByHover.current) {
            openedByHover.current = false;
            return;
          }
          dd.setOpen(!dd.open);
        }}
      >
        <UserAvatar candidates={avatarCandidates} />
        <span>Contul tău</span>
        <ChevronDownIcon size={16} />
      </button>
      {dd.open && <AccountLinks id="account-menu" onPick={dd.close} />}
    </div>
  );
}
