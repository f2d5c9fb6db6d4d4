import { ApiError, api, NetworkError, OFFLINE_MESSAGE } from '../api/client.ts';

/**
 * This device's Web Push subscription (issue 23): asked for only when the person turns it on (Setări →
 * Notificări, or after a meaningful moment), made with the server's VAPID key, kept by the server with
 * this session (it ends with it). The browser's own permission decides what is possible.
 */
export type PushState =
  /** No service worker or no Push API here (an iPhone browser tab: install to the home screen first). */
  | 'unsupported'
  /** The person (or the browser) blocked notifications for the site: only the browser's settings undo it. */
  | 'blocked'
  | 'off'
  | 'on';

export const PUSH_TEXTS = {
  unsupported: 'Acest browser nu poate primi notificări de la Hobbiz.',
  iphone:
    'Pe iPhone, notificările merg doar din aplicația instalată: în Safari apasă Partajează → „Adaugă pe ecranul principal”, apoi deschide Hobbiz de acolo.',
  blocked:
    'Notificările sunt blocate pentru Hobbiz în acest browser. Deschide setările site-ului (lacătul de lângă adresă), permite notificările, apoi încearcă din nou.',
  on: 'Notificările sunt pornite pe acest dispozitiv.',
  off: 'Notificările sunt oprite pe acest dispozitiv.',
  ask: 'Vrei să afli imediat când îți răspunde cineva?',
  /** The browser refused the subscription though the site may notify (NotAllowedError, issue 45 item 10). */
  refused:
    'Browserul nu a permis notificările pe acest dispozitiv. Verifică în setările site-ului (lacătul de lângă adresă) și în setările telefonului că notificările sunt permise pentru Hobbiz, apoi încearcă din nou. Într-o fereastră privată (incognito) notificările nu funcționează.',
  /** The browser's push service did not answer or failed (AbortError and the rest). */
  failed:
    'Notificările nu au putut fi pornite acum: serviciul de notificări al browserului nu a răspuns. Încearcă din nou peste câteva minute; dacă nu merge nici atunci, actualizează browserul.',
} as const;

/**
 * Why turning notifications on or off failed, in Romanian with what to do: the server's words, being
 * offline, or the browser's refusal — never the browser's own English ('Registration failed - permission
 * denied').
 */
export function pushFailureText(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof NetworkError) return OFFLINE_MESSAGE;
  if (err instanceof Error && err.name === 'NotAllowedError') return PUSH_TEXTS.refused;
  return PUSH_TEXTS.failed;
}

const supported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

export const isIphone = () => /iPhone|iPad|iPod/.test(navigator.userAgent);

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Where this device stands now. */
export async function pushState(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const reg = await registration();
  if (!reg) return 'unsupported';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
}

/** Asks the browser (its permission prompt), subscribes, and tells the server. Resolves to the new state. */
export async function turnPushOn(): Promise<PushState> {
  if (!supported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'blocked' : 'off';
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await api<{ publicKey: string }>('/api/push/key');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  await api('/api/push/subscriptions', { method: 'POST', json: subscription.toJSON() });
  return 'on';
}

/** Stops notifications on this device: the server forgets it, the browser drops the subscription. */
export async function turnPushOff(): Promise<PushState> {
  await api('/api/push/subscriptions', { method: 'DELETE' });
  const reg = await registration();
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
  return pushState();
}

/** At sign-out: the browser's subscription goes too (the server's went with the session). */
export async function dropDeviceSubscription(): Promise<void> {
  try {
    const reg = await registration();
    await (await reg?.pushManager.getSubscription())?.unsubscribe();
  } catch {
    /* nothing to drop */
  }
}
