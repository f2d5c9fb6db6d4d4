import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import type { ModerationLogEntry, ReportGroup } from '../../../../schema/api/moderation.ts';
import { formatDate } from '../../../../schema/format.ts';
import { api, failureMessage } from '../../api/client.ts';
import { Loading } from '../../ui/Loading.tsx';
import './moderation.css';

const ACTIONS: Record<string, string> = {
  hide: 'Anunț ascuns',
  'auto-hide': 'Ascuns automat',
  restore: 'Anunț repus',
  dismiss: 'Raportări respinse',
  suspend: 'Cont suspendat',
  ban: 'Cont închis',
  unsuspend: 'Suspendare ridicată',
};
const KINDS: Record<string, string> = { announcement: 'Anunț', user: 'Cont', message: 'Mesaj' };
const text = (v: unknown) => (typeof v === 'string' ? v : '');
const when = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString('ro-RO', { hour: '2-digit', minute: '2-digit' })}`;

type Status = { ok: boolean; text: string } | null;

/** What the public sees of the reported thing. */
function TargetView({ group }: { group: ReportGroup }) {
  const t = group.target;
  if (!t) return <p className="muted">Nu mai există.</p>;
  if (group.targetType === 'announcement')
    return (
      <div className="mod-target">
        <Link to="/announcement/$id" params={{ id: group.targetId }}>
          {text(t.title)}
        </Link>
        <p>{text(t.description)}</p>
        <p className="muted">
          De la {text(t.ownerName)}
          {t.hiddenReason ? ` · ascuns: ${text(t.hiddenReason)}` : t.active ? ' · vizibil' : ' · inactiv'}
        </p>
      </div>
    );
  if (group.targetType === 'user')
    return (
      <div className="mod-target">
        <Link to="/profil/$userId" params={{ userId: group.targetId }}>
          {text(t.name)}
        </Link>
      </div>
    );
  return (
    <div className="mod-target">
      <blockquote>{text(t.text) || '(imagine)'}</blockquote>
      <p className="muted">Trimis de {text(t.senderName)}</p>
    </div>
  );
}

/** One target with its reports, its history and the actions (each needs a reason). */
function GroupCard({ group, onDone }: { group: ReportGroup; onDone: (message: string) => void }) {
  const [reason, setReason] = useState('');
  const [days, setDays] = useState(7);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const t = group.target ?? {};
  const hidden = group.targetType === 'announcement' && !!t.hiddenReason;
  const person =
    group.targetType === 'user'
      ? group.targetId
      : group.targetType === 'message'
        ? text(t.senderId)
        : text(t.ownerId);

  const run = async (path: string, body: Record<string, unknown>) => {
    setBusy(true);
    setError('');
    try {
      const answer = await api<{ message: string }>(path, { method: 'POST', json: { reason, ...body } });
      setReason('');
      onDone(answer.message);
    } catch (err) {
      setError(failureMessage(err));
    } finally {
      setBusy(false);
    }
  };
  const title = `${KINDS[group.targetType] ?? group.targetType}: ${group.count === 1 ? '1 raportare' : `${group.count} raportări`}`;
  return (
    <li className="mod-card" aria-label={title}>
      <h2>{title}</h2>
      <TargetView group={group} />
      <ul className="mod-reasons">
        {Object.entries(group.reasons).map(([r, n]) => (
          <li key={r}>
            {r} × {n}
          </li>
        ))}
      </ul>
      <details>
        <summary>Raportările și istoricul</summary>
        <ul>
          {group.reports.map((r) => (
            <li key={r.id}>
              {when(r.createdAt)} · {r.reason}
              {r.details && `: ${r.details}`}
            </li>
          ))}
          {group.history.map((h) => (
            <li key={h.id}>
              {when(h.createdAt)} · {ACTIONS[h.action] ?? h.action} · {h.moderatorName}: {h.reason}
            </li>
          ))}
        </ul>
      </details>
      <label className="dfield">
        <span>Motivul deciziei</span>
        <textarea value={reason} rows={2} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="mod-actions">
        {group.targetType === 'announcement' &&
          (hidden ? (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => void run(`/api/moderation/announcements/${group.targetId}/restore`, {})}
            >
              Repune anunțul
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void run(`/api/moderation/announcements/${group.targetId}/hide`, {})}
            >
              Ascunde anunțul
            </button>
          ))}
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy}
          onClick={() =>
            void run('/api/moderation/reports/dismiss', {
              targetType: group.targetType,
              targetId: group.targetId,
            })
          }
        >
          Respinge raportările
        </button>
        {person && (
          <>
            <label className="mod-days">
              <span>Zile</span>
              <input
                type="number"
                min={1}
                max={365}
                value={days}
                onChange={(e) => setDays(Number(e.target.value))}
              />
            </label>
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => void run(`/api/moderation/users/${person}/suspend`, { days })}
            >
              Suspendă contul
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void run(`/api/moderation/users/${person}/suspend`, {})}
            >
              Închide contul
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/**
 * /moderare (issue 24): the open reports grouped per target, the most reported first, each with what the
 * public sees and its history; the decisions (with a reason) and the audit log. The server guards it:
 * anyone but a moderator reads its 403 message here.
 */
export function ModerationPage() {
  const [groups, setGroups] = useState<ReportGroup[] | null>(null);
  const [log, setLog] = useState<ModerationLogEntry[]>([]);
  const [status, setStatus] = useState<Status>(null);

  const load = useCallback(async () => {
    try {
      const [queue, entries] = await Promise.all([
        api<ReportGroup[]>('/api/moderation/reports'),
        api<ModerationLogEntry[]>('/api/moderation/log'),
      ]);
      setGroups(queue);
      setLog(entries);
    } catch (err) {
      setStatus({ ok: false, text: failureMessage(err) });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <div className="page mod-page">
      <h1>Moderare</h1>
      {status && (
        <p role={status.ok ? 'status' : 'alert'} className={status.ok ? 'mod-status' : 'field-error'}>
          {status.text}
        </p>
      )}
      {groups === null ? (
        !status && <Loading />
      ) : (
        <>
          {groups.length === 0 ? (
            <p className="muted">Nu sunt raportări de verificat.</p>
          ) : (
            <ul className="mod-list">
              {groups.map((g) => (
                <GroupCard
                  key={`${g.targetType}:${g.targetId}`}
                  group={g}
                  onDone={(message) => {
                    setStatus({ ok: true, text: message });
                    void load();
                  }}
                />
              ))}
            </ul>
          )}
          <section aria-labelledby="mod-log-title">
            <h2 id="mod-log-title">Jurnal de moderare</h2>
            {log.length === 0 ? (
              <p className="muted">Nicio acțiune încă.</p>
            ) : (
              <ul className="mod-log">
                {log.map((h) => (
                  <li key={h.id}>
                    {when(h.createdAt)} · {ACTIONS[h.action] ?? h.action} (
                    {KINDS[h.targetType] ?? h.targetType} {h.targetId.slice(-8)}) ·{' '}
                    {h.moderatorId === 'system'
                      ? h.moderatorName
                      : `${h.moderatorName} (${h.moderatorId.slice(-8)})`}
                    : {h.reason}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
