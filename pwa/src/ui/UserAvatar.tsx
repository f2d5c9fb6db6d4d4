import { useEffect, useState } from 'react';
import { PersonIcon } from './icons.tsx';

type Props = { candidates: string[]; size?: number };

/**
 * Avatar with the spec's fallback chain: candidates are tried in order, the next one on an image error,
 * a person icon when all fail. The chain restarts on window focus or when the candidates change.
 */
export function UserAvatar({ candidates, size = 28 }: Props) {
  const [index, setIndex] = useState(0);
  const key = candidates.join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: restart the chain when the list changes
  useEffect(() => {
    setIndex(0);
  }, [key]);

  useEffect(() => {
    const reset = () => setIndex(0);
    window.addEventListener('focus', reset);
    return () => window.removeEventListener('focus', reset);
  }, []);

  const src = candidates[index];
  if (!src) return <PersonIcon size={size} />;
  return (
    <img
      className="avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      referrerPolicy="no-referrer"
      onError={() => setIndex((i) => i + 1)}
    />
  );
}
