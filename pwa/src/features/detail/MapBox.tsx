import { type ReactNode, useEffect, useRef, useState } from 'react';
import { COUNTRY_WIDE } from '../../../../schema/constants.ts';
import { formatLocation } from '../../../../schema/format.ts';
import { useSyncStatus } from '../../db/sync-status.ts';
import { mapReachable } from './map-reachable.ts';

type Props = { county: string; locality: string };

/** Without an answer from the maps host within this time, the map has failed (a hung network too). */
export const MAP_TIMEOUT_MS = 8_000;

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

/** True once the element has come near the screen (the map's host is asked only for a map about to be seen). */
function useNearScreen(ref: React.RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '400px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [near, ref]);
  return near;
}

/**
 * 'Locație': the keyless Google Maps embed of the place. When the map cannot load — offline, the maps
 * host unreachable or blocked, or no answer within MAP_TIMEOUT_MS — the spec's 'Nu s-a putut încărca
 * harta.' with 'Deschide în Google Maps', under the place and county in words.
 */
export function MapBox({ county, locality }: Props) {
  const online = useOnline();
  const box = useRef<HTMLElement>(null);
  const near = useNearScreen(box);
  const [reached, setReached] = useState<boolean | null>(null);
  const countryWide = county === COUNTRY_WIDE || county.trim() === '';
  const place = formatLocation(county, locality);
  const query = countryWide ? 'România' : `${place}, România`;
  const link = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
  const src = `https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=${countryWide ? 6 : 11}&output=embed`;

  // Asked again whenever the device comes back online (a failure while offline is not final).
  // Asked only once the box comes near the screen: a detail page opened and left sends nothing to Google.
  useEffect(() => {
    if (!online || !near) return;
    let live = true;
    setReached(null);
    void mapReachable(src, MAP_TIMEOUT_MS).then((ok) => live && setReached(ok));
    return () => {
      live = false;
    };
  }, [online, near, src]);

  // While the host is being asked the frame already loads (lazily, when scrolled to): a reachable host
  // is trusted to serve it.
  const failed = !online || reached === false;

  let body: ReactNode;
  if (failed) {
    body = (
      <div className="map-offline" role="alert">
        <p className="map-place">{countryWide ? COUNTRY_WIDE : locality.trim() || county}</p>
        {!countryWide && locality.trim() !== '' && locality.trim() !== county && (
          <p className="muted">județul {county}</p>
        )}
        <p className="map-note">Nu s-a putut încărca harta.</p>
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
        src={src}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
      />
    );
  }

  return (
    <section ref={box} className="map-box" aria-labelledby="map-title">
      <h2 id="map-title">Locație</h2>
      {!failed && <p className="map-caption muted">{place}</p>}
      {body}
    </section>
  );
}
