import { AppleIcon, GooglePlayIcon } from '../../ui/icons.tsx';

const STORES = [
  { name: 'Google Play', Icon: GooglePlayIcon },
  { name: 'App Store', Icon: AppleIcon },
];

/** The mobile apps do not exist yet: the badges are shown as placeholders, not as links. */
export function StoreBadges() {
  return (
    <ul className="stores">
      {STORES.map(({ name, Icon }) => (
        <li key={name} className="store">
          <Icon size={22} />
          <span>
            <strong>{name}</strong>
            <small>În curând</small>
          </span>
        </li>
      ))}
    </ul>
  );
}
