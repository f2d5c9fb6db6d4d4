/**
 * The chat-delivery measurement of bench:sync and bench:scale: A pushes messages to B one after another
 * (each once the previous arrived) and the time to B's `newMessage` event and to A's push answer is taken,
 * first with the two sockets alone, then with idle guest sockets added.
 */
import { newId } from '../../sync-server/src/lib/ids.ts';
import { printLatencies, sleep } from './sync-lib.ts';
import { openGuests, type SyncSocket } from './sync-socket.ts';

/**
 * A pushes one chat message about `announcementId`; resolves with the time from the push to B's `newMessage`
 * event for that id, and to A's push answer (ms). Refused or undelivered in 5 s: throws.
 */
export async function sendMeasured(
  a: SyncSocket,
  b: SyncSocket,
  announcementId: string,
  i: number,
): Promise<{ deliveredMs: number; ackMs: number }> {
  const id = newId();
  let off = () => {};
  const delivered = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`message ${i} not delivered in 5 s`)), 5000);
    off = b.onEvent((name, payload) => {
      if (name === 'newMessage' && (payload as { id?: string }).id === id) {
        clearTimeout(timer);
        resolve(performance.now());
      }
    });
  });
  const t0 = performance.now();
  const doc = {
    id,
    conversationId: '',
    announcementId,
    senderId: '',
    recipientId: '',
    text: `Mesaj de test ${i}: mai este disponibil?`,
    image: '',
    replyTo: null,
    reactions: [],
    isRead: false,
    createdAt: '',
    _deleted: false,
  };
  const acked = a.push('messages', [{ newDocumentState: doc }]).then((conflicts) => {
    if (conflicts.length) throw new Error(`message ${i} refused: ${JSON.stringify(conflicts[0])}`);
    return performance.now();
  });
  try {
    const [t1, t2] = await Promise.all([delivered, acked]);
    return { deliveredMs: t1 - t0, ackMs: t2 - t0 };
  } finally {
    off();
  }
}

/** Sends `n` messages A→B one after the other (each once the previous arrived): delivery and ack times (ms). */
export async function measureDeliveries(
  a: SyncSocket,
  b: SyncSocket,
  announcementId: string,
  n: number,
): Promise<{ delivered: number[]; ack: number[] }> {
  const delivered: number[] = [];
  const ack: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await sendMeasured(a, b, announcementId, i);
    delivered.push(r.deliveredMs);
    ack.push(r.ackMs);
  }
  return { delivered, ack };
}

/** Measures `n` deliveries and prints them: send → B's event (against the goal, if any), send → A's ack. */
export async function reportDeliveries(
  a: SyncSocket,
  b: SyncSocket,
  announcementId: string,
  o: { n: number; label: string; goalP95?: number },
): Promise<void> {
  const r = await measureDeliveries(a, b, announcementId, o.n);
  printLatencies(`${o.label}: send → seller event`, r.delivered, { p95: o.goalP95 });
  printLatencies(`${o.label}: send → buyer ack`, r.ack);
}

/**
 * 50 unmeasured messages, `n` with the two sockets alone, then `n` again once idle guest sockets (opened
 * `batch` at a time, shared out over `urls`) bring the count of `sockets` to `total`.
 */
export async function deliveryWithGuests(
  a: SyncSocket,
  b: SyncSocket,
  announcementId: string,
  o: { n: number; total: number; batch: number; urls: string[]; sockets: SyncSocket[]; goalP95: number },
): Promise<void> {
  await measureDeliveries(a, b, announcementId, 50);
  await reportDeliveries(a, b, announcementId, { n: o.n, label: '2 sockets' });
  const extra = Math.max(0, o.total - o.sockets.length);
  for (const [i, url] of o.urls.entries()) {
    const share = Math.floor(extra / o.urls.length) + (i === 0 ? extra % o.urls.length : 0);
    const g = await openGuests(url, share, o.batch, o.sockets);
    if (g.failed)
      console.log(`  ${g.failed} guest sockets failed to open on ${url} (first error: ${g.firstError})`);
  }
  await sleep(500);
  const label = `${o.sockets.length} sockets`;
  await reportDeliveries(a, b, announcementId, { n: o.n, label, goalP95: o.goalP95 });
  if (o.sockets.length < o.total)
    console.log(`  note: only ${o.sockets.length} of ${o.total} sockets were open`);
}
