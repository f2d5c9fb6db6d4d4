import { Link } from '@tanstack/react-router';
import { hiddenByModeration, useHiddenMine } from '../my-announcements/actions.ts';

/**
 * What the owner reads on the page of an announcement nobody else sees: turned off by themself, or hidden
 * by moderation with the reason, as its card in 'Anunțurile mele' says (issue 45, item 5), where another
 * look can be asked. The reason is asked of the server only for the owner; offline the plain line shows.
 */
export function InactiveNotice({ id, owner }: { id: string; owner: boolean }) {
  const [hidden] = useHiddenMine(owner);
  const reason = hidden.get(id);
  if (!reason) return <p className="notice notice--error">Anunțul este dezactivat: doar tu îl vezi.</p>;
  return (
    <div className="notice notice--error" role="status">
      <p>{hiddenByModeration(reason)}</p>
      <p>
        Doar tu îl vezi. Poți cere o nouă verificare din <Link to="/anunturile-mele">Anunțurile mele</Link>.
      </p>
    </div>
  );
}
