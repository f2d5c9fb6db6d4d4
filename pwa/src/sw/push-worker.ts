/// <reference lib="webworker" />

/**
 * The service worker's Web Push handlers (issue 23). A push carries `{ title, body, tag, url }`, encrypted
 * for this device (services/push-sender.ts): it is shown with its tag, so five messages of one conversation
 * are one notification ('Maria: 5 mesaje noi'), and tapping it focuses an open window of the app on that
 * page, or opens one.
 */
declare const self: ServiceWorkerGlobalScope;

export type ShownPush = { title: string; body: string; tag: string; url: string; quiet?: boolean };

const ICON = '/icons/icon-192.png';

export function showPush(data: ShownPush): Promise<void> {
  return self.registration.showNotification(data.title, {
    body: data.body,
    tag: data.tag,
    icon: ICON,
    badge: ICON,
    lang: 'ro',
    data: { url: data.url },
    // A newer message of the same conversation replaces the card and is announced again; a quiet one
    // (a favourites count) replaces it silently.
    renotify: !data.quiet,
  } as NotificationOptions);
}

/** Focuses a window of the app on `url` (the one already there, else any, navigated), or opens one. */
export async function openFromNotification(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = (await self.clients.matchAll({
    type: 'window',
    includeUncontrolled: true,
  })) as WindowClient[];
  // Focusing is allowed only while handling the tap; elsewhere (tests) it is skipped, not fatal.
  const focus = (w: WindowClient) => w.focus().catch(() => w);
  const same = windows.find((w) => w.url === target);
  if (same) {
    await focus(same);
    return;
  }
  const any = windows[0];
  if (any) {
    await focus(any);
    await any.navigate(target).catch(() => self.clients.openWindow(target));
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('push', (event) => {
  let data: ShownPush;
  try {
    data = event.data?.json() as ShownPush;
  } catch {
    return;
  }
  if (!data?.title) return;
  event.waitUntil(showPush(data));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(openFromNotification(url));
});

// Reachable from the DevTools protocol in browser tests (a tap cannot be simulated there).
(self as unknown as { hobbizOpenFromNotification: typeof openFromNotification }).hobbizOpenFromNotification =
  openFromNotification;
