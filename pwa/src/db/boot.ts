import type { RxReplicationState } from 'rxdb/plugins/replication';
import { DRAFT_ID } from '../../../schema/fields.ts';
import {
  type SyncCheckpoint,
  type SyncRejection,
  type SyncWriteLimited,
  WRITE_LIMITED_EVENT,
} from '../../../schema/sync.ts';
import { storedToken } from '../api/client.ts';
import { openDatabase } from './database.ts';
import { setDeviceSession } from './device-session.ts';
import { importLegacyGuestFavorites, offerGuestFavorites } from './guest-favorites.ts';
import { setGuestMergeOffer } from './guest-merge.ts';
import { leaveDevice, type Member, member, pendingLeaves, setMemberDeps } from './member-loader.ts';
import { pendingChangeCount, selectOutbox, setQueuedPublishes } from './pending-count.ts';
import { setCurrentDatabase, setWorkingSet } from './registry.ts';
import { startReplication } from './replication.ts';
import { SyncClient } from './sync-client.ts';
import { setSyncClient } from './sync-status.ts';
import type { AppSession, HobbizDatabase, Notify } from './types.ts';
import { WorkingSet } from './working-set.ts';

type Replication = RxReplicationState<unknown, SyncCheckpoint>;
type Running = {
  key: string;
  db: HobbizDatabase;
  client: SyncClient;
  replications: Replication[];
  stop: () => Promise<void>;
};
let running: Running | null = null;
let switching: Promise<void> = Promise.resolve();

/**
 * A 4401 can also be this device's own doing ('Ieși din cont de pe toate dispozitivele', deleting the
 * account): the server closes the socket just before answering that request, and the page then signs
 * out with its own message. The revocation is acted on only if the session is still there after this.
 */
const REVOKED_GRACE_MS = 1500;

const WRITABLE = new Set(['favorites', 'drafts', 'conversations', 'messages', 'notifications']);

/**
 * What the database layer needs from the app, handed in by main.tsx: db/ does not import features. The
 * session says whose database to open (and is told when the server closed it); `notify` shows a toast.
 */
export type BootDeps = { session: AppSession; notify: Notify };
// Set by bootDatabase before anything below runs.
let app: BootDeps = {
  session: {
    get: () => ({ status: 'loading', userId: null }),
    subscribe: () => undefined,
    expire: () => undefined,
  },
  notify: () => undefined,
};

/** Local changes not yet confirmed by the server, plus announcements and chat files waiting on the device. */
async function unsynced(run: Running | null, inSync = false): Promise<number> {
  if (!run || run.key === 'guest') return 0;
  const m = await member();
  const queued = (await m?.pendingAnnouncements(run.key).catch(() => [])) ?? [];
  const files = (await m?.queuedAttachmentsOf(run.key).catch(() => [])) ?? [];
  return (inSync ? 0 : pendingChangeCount()) + queued.length + files.length;
}

/** Before a logout: reconnect at once if needed, then give the queues up to `ms` to reach the server. */
async function pushBeforeLogout(ms: number): Promise<number> {
  const run = running;
  if ((await unsynced(run)) === 0 || !run) return 0;
  const deadline = Date.now() + ms;
  const { client } = run;
  client.reconnectNow();
  const online = await new Promise<boolean>((resolve) => {
    let tried = false;
    const timer = setTimeout(() => done(false), ms);
    const sub = client.status$.subscribe((s) => {
      if (s === 'online') done(true);
      else if (s === 'connecting') tried = true;
      // A failed attempt (still no server), a refused session or an outdated app: nothing to wait for.
      else if (tried || s !== 'offline') done(false);
    });
    function done(v: boolean) {
      clearTimeout(timer);
      queueMicrotask(() => sub.unsubscribe());
      resolve(v);
    }
  });
  if (!online) return unsynced(run);
  let inSync = false;
  const m = await member();
  const pushed = Promise.all([
    ...run.replications.filter((r) => WRITABLE.has(r.collection.name)).map((r) => r.awaitInSync()),
    m?.flushOutbox(run.key, app.notify),
    m?.flushAttachments(),
  ]).then(() => {
    // RxDB's own queue is the truth; the counter beside it can only be behind.
    inSync = client.status$.value === 'online';
  });
  await Promise.race([pushed, new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
  return unsynced(run, inSync);
}

/**
 * A push past the write limits (issue 12) stays on the device and goes out by itself when the window
 * allows (RxDB retries every 2 s): the reason is said once, not at every retry.
 */
let writeLimitedAt = 0;
function writeLimited(error: string): void {
  if (Date.now() - writeLimitedAt < 20_000) return;
  writeLimitedAt = Date.now();
  app.notify(error, 'error', 5000);
}

async function rememberLeftDraft(m: Member | null, db: HobbizDatabase, userId: string): Promise<void> {
  try {
    const draft = await db.drafts.findOne(DRAFT_ID).exec();
    if (draft && !draft.deleted) m?.markDraftLeft(userId, draft.updatedAt);
  } catch {
    /* no draft to leave behind */
  }
}

async function start(userId: string | null): Promise<void> {
  const key = userId ?? 'guest';
  if (running?.key === key) return;
  // Asked at once, so its download runs beside the database's opening; a guest after a guest never asks.
  const signedIn = userId || (running && running.key !== 'guest') ? member() : Promise.resolve(null);
  const signingOut = !!running && running.key !== 'guest' && !userId;
  const previous = running;
  running = null;
  setCurrentDatabase(null);
  setWorkingSet(null);
  setSyncClient(null);
  setGuestMergeOffer(null);
  if (previous) {
    // Signing out clears the draft from this device (the spec); the account's copy stays on the server,
    // so the version left is remembered and not shown here again (draft-left.ts).
    const m = signingOut ? await signedIn : null;
    if (signingOut) await rememberLeftDraft(m, previous.db, previous.key);
    await previous.stop();
    // The person signed out: their local data leaves the device with them (the logout asked first
    // when some of it had not reached the server).
    if (signingOut) {
      await previous.db.remove();
      await leaveDevice(m, previous.key);
      try {
        localStorage.removeItem(`hobbiz_outbox_${previous.key}`);
      } catch {
        /* nothing to clean */
      }
    }
  }
  const db = await openDatabase(userId);
  selectOutbox(userId);
  if (!userId) await importLegacyGuestFavorites(db);
  const token = userId ? storedToken() : null;
  const client = new SyncClient(token);
  const replications = startReplication(db, client, !!userId);
  // The signed-in part joins when member.ts is here (now, or once the link is up if it could not load):
  // the session does not wait for it.
  let live = true;
  let attached: Member | null = null;
  let detach = () => {};
  const attach = async (): Promise<Member | null> => {
    if (!userId || attached || !live) return attached;
    const m = await member();
    if (!m || attached || !live) return attached;
    attached = m;
    // Announcements published offline join the device's outboxes; every outbox drains whenever the
    // connection is (back) up — the `draining` subscription below is the one place that starts them.
    const unregister = m.registerOutbox('publish', () => m.flushOutbox(userId, app.notify));
    const unwatch = m.onPendingChange(countQueued);
    detach = () => {
      unregister();
      unwatch();
    };
    countQueued();
    return m;
  };
  const workingSet = new WorkingSet(db, client, userId, {
    pendingIds: async () => {
      const m = await attach();
      return userId && m ? (await m.pendingAnnouncements(userId)).map((p) => p.id) : [];
    },
  });
  const events = client.events$.subscribe((e) => {
    if (e.name === 'syncRejected') {
      const { error } = e.payload as SyncRejection;
      app.notify(error, 'error', 4000);
      // A message refused because of a block or a deleted account: the conversation shows why.
      if (attached?.isRelationRefusal(error)) attached.refreshKnownRelations();
    }
    if (e.name === WRITE_LIMITED_EVENT) writeLimited((e.payload as SyncWriteLimited).error);
  });
  // Every outbox drains whenever the connection is (back) up (db/outbox-drain.ts).
  const draining = client.status$.subscribe((s) => {
    if (s === 'online') void attach().then((m) => m?.drainAll());
  });
  // The sync chip's count includes them (those the server refused wait for the person, not the network).
  function countQueued() {
    if (!userId || !attached) return;
    void attached
      .pendingAnnouncements(userId)
      .then((list) => {
        if (live) setQueuedPublishes(list.filter((p) => !p.error).length);
      })
      .catch(() => undefined);
  }
  void attach();
  // The server closed this session (revoked from another device, password reset): sign out here.
  let revokedTimer: ReturnType<typeof setTimeout> | null = null;
  const revoked = userId
    ? client.status$.subscribe((s) => {
        if (s !== 'unauthorized' || revokedTimer) return;
        revokedTimer = setTimeout(() => {
          if (running?.key === userId && token && storedToken() === token) app.session.expire();
        }, REVOKED_GRACE_MS);
      })
    : null;
  running = {
    key,
    db,
    client,
    replications,
    stop: async () => {
      events.unsubscribe();
      workingSet.stop();
      setWorkingSet(null);
      draining.unsubscribe();
      live = false;
      detach();
      setQueuedPublishes(0);
      revoked?.unsubscribe();
      if (revokedTimer) clearTimeout(revokedTimer);
      await Promise.all(replications.map((r) => r.cancel()));
      client.close();
      await db.close();
    },
  };
  setSyncClient(client);
  setWorkingSet(workingSet);
  setCurrentDatabase(db);
  const favoritesReplication = replications.find((r) => r.collection.name === 'favorites');
  if (userId && favoritesReplication)
    void offerGuestFavorites(db, favoritesReplication, app.notify).catch(() => undefined);
}

/**
 * Opens the local database of whoever is using the app and keeps it in step with the session:
 * guest → user after login, user → guest after logout (which also deletes the user's local data).
 */
export function bootDatabase(deps: BootDeps): void {
  app = deps;
  setMemberDeps(deps);
  const { session } = deps;
  // A sign-out whose cleanup could not run (offline, member.ts not kept yet) finishes now.
  if (pendingLeaves().length > 0) void member();
  // Asked right after a page load, the person's database may still be opening: wait for it (bounded),
  // or its waiting changes would be counted as none.
  const opened = () => Promise.race([switching, new Promise<void>((r) => setTimeout(r, 5000))]);
  setDeviceSession({
    unsynced: () => opened().then(() => unsynced(running)),
    push: (ms) => opened().then(() => pushBeforeLogout(ms)),
    settled: () => switching,
  });
  const follow = () => {
    const { status, userId } = session.get();
    if (status === 'loading') return;
    const want = status === 'user' && storedToken() ? userId : null;
    switching = switching.then(() => start(want)).catch((err) => console.error('Baza de date locală', err));
  };
  session.subscribe(follow);
  follow();
}
