import { useEffect, useState } from 'react';
import {
  isIphone,
  PUSH_TEXTS,
  type PushState,
  pushFailureText,
  pushState,
  turnPushOff,
  turnPushOn,
} from '../../db/push-device.ts';
import { StatusLine, useSave } from './StatusLine.tsx';

/**
 * 'Notificări pe acest dispozitiv' (issue 23): Web Push for this phone or computer, even with the app
 * closed. Says what to do when the browser blocked it, and that an iPhone needs the app installed first.
 */
export function PushSwitch() {
  const [state, setState] = useState<PushState | null>(null);
  const { status, busy, save } = useSave();

  useEffect(() => {
    let alive = true;
    void pushState().then((s) => alive && setState(s));
    return () => {
      alive = false;
    };
  }, []);

  const flip = () =>
    save(async () => {
      let next: PushState;
      try {
        next = state === 'on' ? await turnPushOff() : await turnPushOn();
      } catch (err) {
        throw new Error(pushFailureText(err));
      }
      setState(next);
      if (next === 'blocked') throw new Error(PUSH_TEXTS.blocked);
      return next === 'on' ? PUSH_TEXTS.on : PUSH_TEXTS.off;
    });

  if (state === null) return null;
  return (
    <div className="push-device">
      <label className="switch-row">
        <span>
          <span className="switch-label">Notificări pe acest dispozitiv</span>
          <span className="muted switch-hint">
            Mesajele și recenziile noi apar pe ecran chiar și cu aplicația închisă.
          </span>
        </span>
        <input
          type="checkbox"
          checked={state === 'on'}
          disabled={busy || state === 'unsupported' || state === 'blocked'}
          onChange={() => void flip()}
        />
      </label>
      {state === 'unsupported' && (
        <p className="muted">{isIphone() ? PUSH_TEXTS.iphone : PUSH_TEXTS.unsupported}</p>
      )}
      {state === 'blocked' && <p className="muted">{PUSH_TEXTS.blocked}</p>}
      <StatusLine status={status} />
    </div>
  );
}
