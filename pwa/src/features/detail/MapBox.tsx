import { type ReactNode, useEffect, useState } from 'react';
import { COUNTRY_WIDE } from '../../../../schema/constants.ts';
import { formatLocation } from '../../../../schema/format.ts';
import { useSyncStatus } from '../../db/sync-status.ts';

type Props = { county: string; locality: string };

/** Without a load within this time the embed is taken as failed (iframes report no network errors). */
const MAP_TIMEOUT_MS = 15_000;

function useOnline(): boolean {
  const status = useSyncStatus();
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(navigator.onLine);
    window.addEventListener('online', on);
    window.addEventListener('offline', on);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', on);
    };
  }, []);
  // 'offline' is the sync socket's view: the server (and so, most likely, the internet) is out of reach.
  return online && status !== 'offline';
}

/**
 * 'Locație': the keyless Google Maps embed of the place when online, with the spec's failure text and
 * link; offline, the place and county in words instead of a frame that cannot load.
 */
export function MapBox({ county, locality }: Props) {
  const online = useOnline();
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const countryWide = county === COUNTRY_WIDE || county.trim() === '';
  const place = formatLocation(county, locality);
  const query = countryWide ? 'România' : `${place}, România`;
  const link = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;

  useEffect(() => {
    if (!online || loaded) return;
    const t = setTimeout(() => setFailed(true), MAP_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [online, loaded]);

  let body: ReactNode;
  if (!online) {
    body = (
      <div className="map-offline">
        <p className="map-place">{countryWide ? COUNTRY_WIDE : locality.trim() || county}</p>
        {!countryWide && locality.trim() !== '' && locality.trim() !== county && (
          <p className="muted">județul {county}</p>
        )}
        <p className="muted map-note">Harta apare când ești din nou online.</p>
      </div>
    );
  } else if (failed && !loaded) {
    body = (
      <div className="map-offline" role="alert">
        <p>Nu s-a putut încărca harta.</p>
        <a href={link} target="_blank" rel="noopener noreferrer">
          Deschide în Google Maps
        </a>
      </div>
    );
  } else {
    body = (
      <iframe
        className="map-frame"
        title={`Hartă: ${countryWide ? COUNTRY_WIDE : place}`}
        src={`https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=${countryWide ? 6 : 11}&output=embed`}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        onLoad={() => setLoaded(true)}
      />
    );
  }

  return (
    <section className="map-box" aria-labelledby="map-title">
      <h2 id="map-title">Locație</h2>
      {online && <p className="map-caption muted">{place}</p>}
      {body}
    </section>
  );
}
