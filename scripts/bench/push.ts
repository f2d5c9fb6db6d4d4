/**
 * Web Push from message to phone (issue 23), against the real server in its own process (SQLite) and a
 * local HTTPS push receiver (sync-server/src/test-push-receiver.ts) that the server trusts through
 * NODE_EXTRA_CA_CERTS, as a production server trusts FCM or Mozilla. Every push is decrypted as a
 * browser does (RFC 8291) to check what it says.
 *   1. latency: a buyer's message (REST) → the push accepted by the receiver, one message at a time;
 *   2. open conversation: the seller's socket says it views the conversation; its messages push nothing;
 *   3. five messages in a row: how many pushes, how many notifications they show (one per tag);
 *   4. a push service answering 500, then one that never answers: the seller's messages still reach
 *      their socket as fast as before, and another person's pushes (a healthy service) still arrive.
 *   npm run bench:push
 */
import sharp from 'sharp';
import { deviceKeys, type ShownPush, startPushReceiver } from '../../sync-server/src/test-push-receiver.ts';
import { OwnServer } from './server-process.ts';
import { defer, percentile, printLatencies, runBench, sleep, summarize } from './sync-lib.ts';
import { SyncSocket } from './sync-socket.ts';

const GOALS = { pushP95Ms: 2000, pushesWhileViewing: 0, notificationsForFive: 1 };
const LATENCY_MESSAGES = 100;
const FAILING_MESSAGES = 30;

type Account = { token: string; userId: string };

async function call<T>(base: string, path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${base}${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function account(base: string, firstName: string, n: number): Promise<Account> {
  const email = `bench.push.${n}.${Date.now()}@hobbiz.test`;
  const password = 'o-parola-lunga-1';
  const body = (x: object) => ({ method: 'POST', body: JSON.stringify(x) });
  await call(base, '/api/users/register', body({ firstName, lastName: 'Pop', email, password }));
  return call<Account>(base, '/api/users/login', body({ email, password }));
}

async function publish(base: string, seller: Account, title: string): Promise<string> {
  const form = new FormData();
  const fields = {
    title,
    category: 'Fotografie',
    description: 'Fotografii naturale pentru familii, în parc sau acasă, cu 40 de imagini editate.',
    location: 'Cluj',
    localitate: 'Cluj-Napoca',
    contactPerson: 'Maria Pop',
    contactEmail: 'maria@hobbiz.test',
    contactPhone: '0712345678',
    price: '150',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c06030' } })
    .jpeg()
    .toBuffer();
  form.append('images', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'foto.jpg');
  const made = await call<{ _id: string }>(base, '/api/users/my-announcements', {
    method: 'POST',
    body: form,
    token: seller.token,
  });
  return made._id;
}

async function main(): Promise<void> {
  const receiver = await startPushReceiver();
  defer(() => receiver.close());
  const server = new OwnServer({
    env: {
      // The buyers write far faster than the 30 messages a minute a person may send.
      WRITE_LIMITS: 'off',
      SOCKET_LIMITS: 'off',
      PUSH_ENDPOINT_ALLOW: receiver.base,
      NODE_EXTRA_CA_CERTS: receiver.certFile,
      // Part 4 makes the sender warn of every failed push; the figures are what matters here.
      LOG_LEVEL: 'error',
    },
  });
  defer(() => server.dispose());
  await server.start();
  const base = server.url;
  console.log('bench:push — the real server (SQLite), a local HTTPS push receiver, pushes decrypted here');

  const seller = await account(base, 'Maria', 0);
  const other = await account(base, 'Ioana', 1);
  const buyers = await Promise.all(
    ['Ana', 'Bogdan', 'Cristi', 'Dana', 'Emil'].map((n, i) => account(base, n, i + 2)),
  );
  const ann = await publish(base, seller, 'Ședință foto de familie în parc');
  const otherAnn = await publish(base, other, 'Lecții de chitară pentru începători');

  /** A device of `who` subscribed on the receiver; its pushes, decrypted, with the time they arrived. */
  async function phone(who: Account, name: string) {
    const { keys, read } = deviceKeys();
    const endpoint = `${receiver.base}${name}`;
    await call(base, '/api/push/subscriptions', {
      method: 'POST',
      token: who.token,
      body: JSON.stringify({ endpoint, expirationTime: null, keys }),
    });
    const path = `/push/${name}`;
    return {
      path,
      pushes: (): (ShownPush & { at: number })[] => receiver.at(path).map((r) => ({ ...read(r), at: r.at })),
    };
  }
  const sellerPhone = await phone(seller, 'seller');
  const otherPhone = await phone(other, 'other');
  // The seller's app is open (not on a conversation): messages reach it over the socket.
  const socket = await SyncSocket.connect(base, seller.token);
  const arrived = new Map<string, number>();
  socket.onEvent((name, payload) => {
    const text = (payload as { text?: string }).text;
    if (name === 'newMessage' && text) arrived.set(text, performance.now());
  });

  /** Sends one message; the time to the REST answer and the conversation it went to. */
  async function send(from: Account, announcementId: string, text: string) {
    const t0 = performance.now();
    const { conversationId } = await call<{ conversationId: string }>(base, '/api/messages', {
      method: 'POST',
      token: from.token,
      body: JSON.stringify({ announcementId, text }),
    });
    return { t0, answeredMs: performance.now() - t0, conversationId };
  }
  async function waitFor(check: () => number | undefined, timeoutMs: number): Promise<number | undefined> {
    const end = performance.now() + timeoutMs;
    for (;;) {
      const at = check();
      if (at !== undefined || performance.now() > end) return at;
      await sleep(2);
    }
  }
  const pushWith = (p: typeof sellerPhone, text: string) => () =>
    p.pushes().find((x) => x.body.endsWith(text.slice(0, 80)))?.at;
  const delivered = (text: string) => () => arrived.get(text);

  // 1. Latency, one message at a time (each waits for its push), from five buyers.
  const pushMs: number[] = [];
  const deliveredMs: number[] = [];
  const conversations = new Map<number, string>();
  for (let i = 0; i < LATENCY_MESSAGES; i++) {
    const text = `Bună ziua! Întrebarea ${i}: mai este disponibil?`;
    const sent = await send(buyers[i % buyers.length]!, ann, text);
    conversations.set(i % buyers.length, sent.conversationId);
    const at = await waitFor(pushWith(sellerPhone, text), 10_000);
    if (at === undefined) throw new Error(`no push for message ${i} in 10 s`);
    pushMs.push(at - sent.t0);
    deliveredMs.push(((await waitFor(delivered(text), 5000)) ?? Number.NaN) - sent.t0);
  }
  console.log(`\n1. Message → push accepted by the receiver (${LATENCY_MESSAGES} messages, one at a time)`);
  const latencyOk = printLatencies('message → push', pushMs, { p95: GOALS.pushP95Ms });
  printLatencies('message → seller’s socket', deliveredMs);

  // 2. The seller views a conversation: nothing is pushed for it.
  const viewed = conversations.get(0)!;
  socket.ws.send(JSON.stringify({ type: 'viewing', conversationId: viewed }));
  await sleep(300);
  const beforeViewing = sellerPhone.pushes().length;
  for (let i = 0; i < 10; i++) {
    const text = `Sunteți acolo? (${i})`;
    await send(buyers[0]!, ann, text);
    await waitFor(delivered(text), 5000);
  }
  await sleep(3000);
  const whileViewing = sellerPhone
    .pushes()
    .slice(beforeViewing)
    .filter((p) => p.tag === `chat-${viewed}`);
  socket.ws.send(JSON.stringify({ type: 'viewing', conversationId: null }));
  const viewingOk = whileViewing.length === GOALS.pushesWhileViewing;
  console.log(
    `\n2. Conversation open on the seller's device, 10 messages: ${whileViewing.length} pushes (goal 0)  ${viewingOk ? 'ok' : 'MISSED'}`,
  );

  // 3. Five messages in a row from a new buyer.
  const fresh = await account(base, 'Florin', 9);
  const five: string[] = [];
  let fiveConversation = '';
  for (let i = 1; i <= 5; i++) {
    five.push(`Mesajul ${i} din cinci`);
    fiveConversation = (await send(fresh, ann, five.at(-1)!)).conversationId;
  }
  await sleep(3000);
  const fivePushes = sellerPhone.pushes().filter((p) => p.tag === `chat-${fiveConversation}`);
  const shown = new Set(fivePushes.map((p) => p.tag)).size;
  const fiveOk = shown === GOALS.notificationsForFive && fivePushes.at(-1)?.title === 'Florin: 5 mesaje noi';
  console.log(
    `\n3. Five messages in a row: ${fivePushes.length} pushes, ${shown} notification shown, the last reads '${fivePushes.at(-1)?.title}' (goal 1, 'Florin: 5 mesaje noi')  ${fiveOk ? 'ok' : 'MISSED'}`,
  );

  // 4. The seller's push service fails; their messages and another person's pushes are measured.
  console.log(`\n4. The seller's push service failing (${FAILING_MESSAGES} messages each way)`);
  const baseline = summarize(deliveredMs);
  let failingOk = true;
  for (const mode of [500, 'hang'] as const) {
    receiver.answers.set(sellerPhone.path, mode);
    const answered: number[] = [];
    const reached: number[] = [];
    const otherPush: number[] = [];
    for (let i = 0; i < FAILING_MESSAGES; i++) {
      const text = `Service ${mode}, mesajul ${i}: se poate sâmbătă?`;
      const sent = await send(buyers[i % buyers.length]!, ann, text);
      answered.push(sent.answeredMs);
      reached.push(((await waitFor(delivered(text), 5000)) ?? Number.NaN) - sent.t0);
      // Another seller, whose push service is fine, gets a message at the same time.
      const otherText = `Pentru Ioana (${mode}), mesajul ${i}`;
      const toOther = await send(buyers[i % buyers.length]!, otherAnn, otherText);
      const at = await waitFor(pushWith(otherPhone, otherText), 15_000);
      otherPush.push((at ?? Number.POSITIVE_INFINITY) - toOther.t0);
    }
    const label = mode === 500 ? 'answering 500' : 'never answering';
    console.log(`  push service ${label}:`);
    printLatencies('    message REST answer', answered);
    const deliveryOk = percentile(reached, 95) <= Math.max(50, 3 * baseline.p95);
    printLatencies('    message → seller’s socket', reached);
    const otherOk = percentile(otherPush, 95) <= GOALS.pushP95Ms;
    printLatencies('    another person’s push', otherPush, { p95: GOALS.pushP95Ms });
    console.log(
      `    delivery p95 within 3× the healthy p95 (${baseline.p95.toFixed(1)} ms) or 50 ms  ${deliveryOk ? 'ok' : 'MISSED'}`,
    );
    failingOk &&= deliveryOk && otherOk;
  }
  receiver.answers.delete(sellerPhone.path);
  socket.close();

  const all = latencyOk && viewingOk && fiveOk && failingOk;
  console.log(`\nGoals: ${all ? 'all met' : 'MISSED (see above)'}`);
  if (!all) process.exitCode = 1;
}

void runBench(main);
