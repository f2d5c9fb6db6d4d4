import { AppleIcon, GooglePlayIcon } from '../../ui/icons.tsx';

/** The mobile apps do not exist yet: the badges are shown as placeholders, not as links. */
export function StoreBadges() {
  return (
    <ul className="stores">
      <li className="store">
        <GooglePlayIcon size={22} />
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
