import { AppleIcon } from '../../ui/icons.tsx';

/** The mobile apps do not exist yet: the badges are shown as placeholders, not as links. */
export function StoreBadges() {
  return (
    <ul className="stores">
      <li className="store">
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 2.5v19l10-9.5zM15.5 13.4l-2 1.9 6.3 3.6c.8-.5.8-1.6 0-2.1zM13.5 8.7l2 1.9 4.3-2.4c.8-.5.8-1.6 0-2.1l-6.3 3.6z"
          />
        </svg>
        <span>
          <strong>Google Play</strong>
          <small>În curând</small>
        </span>
      </li>
      <li className="store">
        <AppleIcon size={22} />
        <span>
          <strong>App Store</strong>
          <small>În curând</small>
        </span>
      </li>
    </ul>
  );
}
