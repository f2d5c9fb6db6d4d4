import { useState } from 'react';
import { PUSH_TEXTS, turnPushOn } from '../../db/push-device.ts';
import { closePushOffer } from './push-offer.ts';
import { showToast } from './toast.ts';

/** 'Vrei să afli imediat când îți răspunde cineva?' — offered after a meaningful moment (push-offer.ts). */
export function PushOfferCard() {
  const [busy, setBusy] = useState(false);
  const yes = async () => {
    setBusy(true);
    try {
      const state = await turnPushOn();
      showToast(
        state === 'on' ? PUSH_TEXTS.on : state === 'blocked' ? PUSH_TEXTS.blocked : PUSH_TEXTS.off,
        state === 'on' ? 'success' : 'info',
        5000,
      );
    } catch {
      showToast('Notificările nu au putut fi pornite acum. Încearcă din Setări → Notificări.', 'error', 5000);
    } finally {
      setBusy(false);
      closePushOffer();
    }
  };
  return (
    <section className="push-offer" aria-label="Notificări">
      <p className="push-offer-title">{PUSH_TEXTS.ask}</p>
      <p className="muted">Îți trimitem o notificare pe acest dispozitiv, chiar și cu aplicația închisă.</p>
      <div className="push-offer-actions">
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => void yes()}>
          Da, anunță-mă
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={closePushOffer}>
          Nu acum
        </button>
      </div>
    </section>
  );
}
