import { useEffect, useRef, useState } from 'react';
import { type Flash, takeQueuedFlash } from '../session/flash.ts';
import { useToast } from './toast.ts';

/** Shows a message queued before a reload (e.g. after logout), or a live toast, for its duration. */
export function FlashToast() {
  const [flash, setFlash] = useState<Flash | null>(null);
  // Taken once: StrictMode runs the effect twice and the queue empties on the first read.
  const taken = useRef<Flash | null | undefined>(undefined);

  useEffect(() => {
    if (taken.current === undefined) taken.current = takeQueuedFlash();
    const queued = taken.current;
    if (!queued) return;
    setFlash(queued);
    const timer = window.setTimeout(() => setFlash(null), queued.ms);
    return () => window.clearTimeout(timer);
  }, []);

  const live = useToast();
  const shown = live ?? flash;
  return (
    <div className="toast-region" role="status">
      {shown && <p className={`toast toast--${shown.kind}`}>{shown.text}</p>}
    </div>
  );
}
