import type { DraftConflict } from '../../db/draft-merge.ts';
import { FIELD_LABELS as LABELS } from './field-labels.ts';

const preview = (s: string) => {
  const t = s.trim();
  if (t === '') return '(gol)';
  return [...t].length > 80 ? `${[...t].slice(0, 80).join('')}…` : t;
};

/**
 * The draft was changed on another device in fields this device had changed too: the form shows the newer
 * text; the person keeps theirs or takes the new one. Nothing is overwritten before they choose.
 */
export function DraftConflictBanner({
  conflicts,
  onKeepMine,
  onTakeTheirs,
}: {
  conflicts: DraftConflict[];
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  return (
    <div className="notice pub-conflict" role="alert">
      <p>
        <strong>Ciorna a fost modificată pe alt dispozitiv.</strong> Formularul arată varianta nouă. Varianta
        ta de pe acest dispozitiv:
      </p>
      <ul>
        {conflicts.map((c) => (
          <li key={c.field}>
            {LABELS[c.field]}: „{preview(c.mine)}”
          </li>
        ))}
      </ul>
      <div className="pub-conflict-actions">
        <button type="button" className="btn btn-outline" onClick={onKeepMine}>
          Păstrează varianta mea
        </button>
        <button type="button" className="btn btn-primary" onClick={onTakeTheirs}>
          Folosește varianta nouă
        </button>
      </div>
    </div>
  );
}
