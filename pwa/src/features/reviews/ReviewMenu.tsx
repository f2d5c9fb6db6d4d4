import { useDropdown } from '../../ui/use-dropdown.ts';

/** The author's menu on their own review: Editează / Șterge. */
export function ReviewMenu({ onEdit, onDelete }: { onEdit: () => void; onDelete: () => void }) {
  const dd = useDropdown();
  const pick = (fn: () => void) => () => {
    dd.close();
    fn();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the menu when focus leaves the group
    <div ref={dd.rootRef} className="review-menu" onBlur={dd.onBlur}>
      <button className="icon-btn" aria-label="Opțiuni recenzie" {...dd.toggleProps()}>
        <span aria-hidden="true">⋯</span>
      </button>
      {dd.open && (
        <ul className="dropdown review-menu-list">
          <li>
            <button type="button" className="dropdown-item" onClick={pick(onEdit)}>
              Editează
            </button>
          </li>
          <li>
            <button type="button" className="dropdown-item" onClick={pick(onDelete)}>
              Șterge
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
