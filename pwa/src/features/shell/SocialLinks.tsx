import { FacebookIcon, InstagramIcon, TikTokIcon } from '../../ui/icons.tsx';

const NETWORKS = [
  { label: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
  { label: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
  { label: 'TikTok', href: 'https://www.tiktok.com/', Icon: TikTokIcon },
] as const;

export function SocialLinks() {
  return (
    <ul className="social">
      {NETWORKS.map(({ label, href, Icon }) => (
        <li key={label}>
          <a
            className="icon-btn"
            href={href}
            aria-label={label}
            title={label}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Icon size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
