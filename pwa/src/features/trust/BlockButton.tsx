import { useState } from 'react';
import { useBlockAction } from '../../db/relations.ts';

/**
 * 'Blochează' / 'Deblochează' for one person (a conversation's header, a public profile). Blocking asks
 * once more, saying what it does; the outcome is said beside the button.
 */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const { relation, busy, result, toggle } = useBlockAction(userId);
  const [asking, setAsking] = useState(false);
  if (relation.deleted) return null;
  const act = async () => {
    setAsking(false);
    await toggle();
  };
  return (
    <div className="block-action">
      {asking ? (
        <fieldset className="block-confirm">
          <legend className="sr-only">Blochezi pe {name}?</legend>
          <span>Blochezi pe {name}? Nu îți va mai putea scrie și nu vei mai primi notificări de la el.</span>
          <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void act()}>
            Da, blochează
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setAsking(false)}>
            Anulează
          </button>
        </fieldset>
      ) : (
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={busy}
          onClick={() => (relation.blockedByMe ? void act() : setAsking(true))}
        >
          {relation.blockedByMe ? 'Deblochează' : 'Blochează'}
        </button>
      )}
      {result && (
        <span role={result.ok ? 'status' : 'alert'} className={result.ok ? 'muted' : 'field-error'}>
          {result.text}
        </span>
      )}
    </div>
  );
}
