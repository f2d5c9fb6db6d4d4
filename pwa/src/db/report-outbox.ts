import type { reportAnswer } from '../../../schema/api/trust.ts';
import { newId } from '../../../schema/ids.ts';
import { REPORT_MESSAGES } from '../../../schema/rules/report-texts.ts';
import { type Answer, ApiError, api, NetworkError } from '../api/client.ts';
import { deviceOutbox, queuedAtNow } from './device-outbox.ts';
import { drain, registerOutbox } from './outbox-drain.ts';
import type { AppSession, Notify } from './types.ts';

/**
 * Reports (issue 24), queued on the device when there is no connection, like every other write: the id
 * is made here before the first attempt, so a retry after a lost answer is the same report on the server.
 * Drained with the other outboxes (db/outbox-drain.ts) whenever the sync link is back; boot.ts starts it.
 */
export type QueuedReport = {
  id: string;
  userId: string;
  target: { announcementId?: string; userId?: string; messageId?: string };
  reason: string;
  details: string;
  queuedAt: string;
};

const reportOutbox = deviceOutbox<QueuedReport>('reports', { order: (r) => r.queuedAt });
let app: { session: Pick<AppSession, 'get'>; notify: Notify } | null = null;

const post = (r: QueuedReport) =>
  api<Answer<typeof reportAnswer>>('/api/reports', {
    method: 'POST',
    json: { id: r.id, ...r.target, reason: r.reason, details: r.details },
    fallbackError: 'Raportarea nu a putut fi trimisă.',
  });

function flushReports(): Promise<void> {
  const userId = app?.session.get().userId;
  const notify: Notify = app?.notify ?? (() => undefined);
  if (!userId) return Promise.resolve();
  return drain<QueuedReport>({
    name: 'reports',
    waiting: async () => (await reportOutbox.list()).filter((r) => r.userId === userId),
    send: async (r) => {
      await post(r);
      await reportOutbox.delete(r.id);
      notify(REPORT_MESSAGES.sent, 'success', 4000);
    },
    refused: async (r, reason) => {
      await reportOutbox.delete(r.id);
      notify(reason, 'error', 4000);
    },
    notify: (message) => notify(message, 'error', 4000),
  });
}

/** Started once by bootDatabase with the session and the toast. */
export function startReportOutbox(deps: { session: Pick<AppSession, 'get'>; notify: Notify }): void {
  if (app) return;
  app = deps;
  registerOutbox('reports', flushReports);
}

/**
 * Sends a report now, or keeps it for when the connection is back: answers what to tell the person.
 * A refusal (a guest, a wrong reason, a write limit) is thrown, and the dialog keeps what was typed.
 */
export async function submitReport(
  userId: string,
  input: Pick<QueuedReport, 'target' | 'reason' | 'details'>,
): Promise<string> {
  const report: QueuedReport = { ...input, id: newId(), userId, queuedAt: queuedAtNow() };
  try {
    return (await post(report)).message;
  } catch (err) {
    // No answer, or the server failing for a moment (a restart's 502): kept and sent when it can be.
    // A refusal (4xx) is the person's to read.
    const passing = err instanceof NetworkError || (err instanceof ApiError && err.status >= 500);
    if (!passing) throw err;
    await reportOutbox.put(report.id, report);
    return REPORT_MESSAGES.queued;
  }
}
