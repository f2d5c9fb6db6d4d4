import { useState } from 'react';
import { imageSrcSet, imageVariant } from '../../../../schema/images.ts';

type Props = {
  cover: string | undefined;
  title: string;
  /** Offer the server's resized copies for these display sizes (srcset). */
  sizes?: string;
  /** A photo still on the device (an announcement waiting to be published): shown as it is. */
  onDevice?: boolean;
};

/**
 * An announcement card's picture, 320×240 and lazy, or 'Fără imagine'. A photo that cannot be loaded
 * (offline and not cached) gives way to the same placeholder, never to the browser's broken image with
 * its alt text (issue 25); it is tried again when the cover changes.
 */
export function CardCover({ cover, title, sizes, onDevice = false }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!cover || failed === cover) return <span className="card-noimg">Fără imagine</span>;
  return (
    <img
      src={onDevice ? cover : imageVariant(cover, 320)}
      srcSet={sizes ? imageSrcSet(cover) || undefined : undefined}
      sizes={sizes}
      width={320}
      height={240}
      loading="lazy"
      decoding="async"
      alt={title}
      onError={() => setFailed(cover)}
    />
  );
}
