import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { pluralRo } from '../../../../schema/format.ts';
import { MODERATION_MESSAGES } from '../../../../schema/rules/moderation.ts';
import { discardPending } from '../../db/publish-queue.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { SearchIcon } from '../../ui/icons.tsx';
import { LabeledSelect } from '../../ui/LabeledSelect.tsx';
import { storeEditCopy } from '../publish/edit-target.ts';
import { useSession } from '../session/use-session.ts';
import { showToast } from '../shell/toast.ts';
import { askReview, deleteMine, MY_MESSAGES, renewMine, setMineActive, useHiddenMine } from './actions.ts';
import {
  ANY_CATEGORY,
  filterMine,
  MY_SORT_LABELS,
  MY_SORTS,
  type MySort,
  presentCategories,
} from './filter.ts';
import { MyAnnouncementCard } from './MyAnnouncementCard.tsx';
import { type MyEntry, useMyAnnouncements } from './use-my-announcements.ts';
import './my-announcements.css';

/** /anunturile-mele: the seller's announcements from the local database (works offline). */
export function MyAnnouncementsPage() {
  const { userId } = useSession();
  const navigate = useNavigate();
  const entries = useMyAnnouncements(userId);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [sort, setSort] = useState<MySort>('recent');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<MyEntry | null>(null);

  const all = entries ?? [];
  const byId = new Map(all.map((e) => [e.doc.id, e]));
  const shown = filterMine(
    all.map((e) => e.doc),
    { query, category, sort },
  ).map((d) => byId.get(d.id)!);
  const categories = presentCategories(all.map((e) => e.doc));
  const filtered = query.trim() !== '' || category !== '';

  const [hidden, reloadHidden] = useHiddenMine();
  const act = async (id: string, run: () => Promise<string | null>, ok: string) => {
    setBusyId(id);
    const error = await run();
    setBusyId(null);
    showToast(error ?? ok, error ? 'error' : 'success', 3500);
    return error === null;
  };

  const confirmDelete = async () => {
    const entry = toDelete;
    if (!entry) return;
    if (entry.kind === 'pending') {
      await discardPending(entry.doc.id);
      setToDelete(null);
      showToast(MY_MESSAGES.pendingDiscarded, 'success');
      return;
    }
    if (await act(entry.doc.id, () => deleteMine(entry.doc.id), MY_MESSAGES.deleted)) setToDelete(null);
  };

  return (
    <div className="page my-page">
      <div className="my-head">
        <h1>Anunțurile mele</h1>
        <Link to="/add-announcement" className="btn btn-primary">
          Adaugă un anunț
        </Link>
      </div>
      <div className="my-tools">
        <label className="my-search">
          <SearchIcon size={18} />
          <input
            type="search"
            value={query}
            placeholder="Caută după titlu, ID sau locație"
            aria-label="Caută în anunțurile mele"
            onChange={(e) => setQuery(e.currentTarget.value)}
          />
        </label>
        <LabeledSelect
          className="my-select"
          label="Categorie"
          value={category}
          options={categories}
          empty={ANY_CATEGORY}
          onChange={setCategory}
        />
        <LabeledSelect
          className="my-select"
          label="Sortează"
          value={sort}
          options={MY_SORTS}
          text={(s) => MY_SORT_LABELS[s]}
          onChange={(v) => setSort(v as MySort)}
        />
      </div>
      <div className="my-summary">
        <p role="status">
          {entries === null ? 'Se încarcă...' : pluralRo(shown.length, 'anunț', 'anunțuri', 'de anunțuri')}
        </p>
        {filtered && (
          <ul className="my-chips" aria-label="Filtre active">
            {query.trim() !== '' && (
              <li>
                <button
                  type="button"
                  className="my-chip"
                  aria-label={`Elimină filtrul Căutare: „${query.trim()}”`}
                  onClick={() => setQuery('')}
                >
                  Căutare: „{query.trim()}” <span aria-hidden="true">×</span>
                </button>
              </li>
            )}
            {category !== '' && (
              <li>
                <button
                  type="button"
                  className="my-chip"
                  aria-label={`Elimină filtrul ${category}`}
                  onClick={() => setCategory('')}
                >
                  {category} <span aria-hidden="true">×</span>
                </button>
              </li>
            )}
          </ul>
        )}
      </div>
      {entries !== null && shown.length === 0 && (
        <p className="my-empty">{all.length === 0 ? MY_MESSAGES.empty : MY_MESSAGES.emptyFiltered}</p>
      )}
      <ul className="my-list">
        {shown.map((entry) => {
          const a = entry.doc;
          return (
            <MyAnnouncementCard
              key={a.id}
              entry={entry}
              busy={busyId === a.id}
              hiddenReason={hidden.get(a.id) ?? ''}
              onAskReview={() =>
                void act(a.id, () => askReview(a.id), MODERATION_MESSAGES.reviewAsked).then(reloadHidden)
              }
              onEdit={() => {
                storeEditCopy(a);
                void navigate({ to: '/edit-announcement', state: { editAnnouncement: a } });
              }}
              onRenew={() => void act(a.id, () => renewMine(a.id), MY_MESSAGES.renewed)}
              onToggleActive={() =>
                void act(
                  a.id,
                  () => setMineActive(a.id, !a.active),
                  a.active ? MY_MESSAGES.deactivated : MY_MESSAGES.activated,
                )
              }
              onDelete={() => setToDelete(entry)}
            />
          );
        })}
      </ul>
      {toDelete && (
        <ConfirmDialog
          open
          title={MY_MESSAGES.deleteConfirm}
          confirmLabel="Șterge"
          danger
          busy={busyId === toDelete.doc.id}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setToDelete(null)}
        >
          <p>
            „{toDelete.doc.title.trim() || 'Anunț fără titlu'}” va fi șters definitiv, cu toate imaginile lui.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
