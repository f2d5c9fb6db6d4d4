import { Link } from '@tanstack/react-router';
import { LIMITS } from '../../../../schema/constants.ts';
import { HeartIcon } from '../../ui/icons.tsx';
import { FavoriteCard } from './FavoriteCard.tsx';
import './favorites.css';
import { Loading } from '../../ui/Loading.tsx';
import { useFavoriteAnnouncements } from './use-favorite-announcements.ts';

/** /favorite-announcements: the saved announcements, from the local database (offline too). */
export function FavoritesPage() {
  const entries = useFavoriteAnnouncements();
  return (
    <section className="page fav-page">
      <h1>Anunțurile tale favorite</h1>
      <p className="fav-count">
        Anunțuri favorite ({entries?.length ?? 0}/{LIMITS.favoritesMax})
      </p>
      {entries === undefined && <Loading text="Se încarcă favoritele..." />}
      {entries?.length === 0 && (
        <div className="fav-empty">
          <HeartIcon size={40} />
          <h2>Nu ai încă anunțuri favorite</h2>
          <p className="muted">
            Apasă inima de pe orice anunț care îți place și îl găsești aici oricând, chiar și fără internet.
          </p>
          <Link to="/" className="btn btn-primary">
            Descoperă anunțuri
          </Link>
        </div>
      )}
      {entries && entries.length > 0 && (
        <ul className="fav-grid">
          {entries.map((e) => (
            <FavoriteCard key={e.id} entry={e} />
          ))}
        </ul>
      )}
    </section>
  );
}
