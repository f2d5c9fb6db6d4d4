import type { AppSession, Notify } from './types.ts';

/**
 * What only a signed-in person's database uses (the outboxes of publishing, chat files and reports, their
 * drain and Background Sync, the draft left at sign-out, blocks, push). boot.ts loads this module when a
 * person signs in (and at the start of a page opened signed in): a guest's first visit does not download it
 * (docs/BENCHMARKS.md, home page). signed-in-pages.ts keeps its chunk for offline use.
 */
export { forgetChatFiles } from '../api/chat-files.ts';
export { flushAttachments, queuedAttachmentsOf } from './chat-file-outbox.ts';
export { clearDraftImages } from './draft-images.ts';
export { markDraftLeft } from './draft-left.ts';
export { registerOutbox } from './outbox-drain.ts';
export { forgetBackgroundAuth } from './outbox-sync.ts';
export {
  clearPendingAnnouncements,
  flushOutbox,
  onPendingChange,
  pendingAnnouncements,
} from './publish-queue.ts';
export { dropDeviceSubscription } from './push-device.ts';
export { isRelationRefusal, refreshKnownRelations } from './relations.ts';

import { startChatFileOutbox } from './chat-file-outbox.ts';
import { drainAll } from './outbox-drain.ts';
import { startOutboxSync } from './outbox-sync.ts';
import { startReportOutbox } from './report-outbox.ts';

export { drainAll };

let started = false;

/** The outboxes' listeners (connection back, the worker's drain requests), started once per page. */
export function startOutboxes(deps: { session: AppSession; notify: Notify }): void {
  if (started) return;
  started = true;
  startChatFileOutbox(deps);
  startReportOutbox(deps);
  startOutboxSync(drainAll);
}
