import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { CATEGORIES, type CategoryDef } from '../../../../schema/catalog/categories.ts';
import { TIMINGS } from '../../../../schema/constants.ts';
import { ChevronRightIcon } from '../../ui/icons.tsx';
import { CategoryPanel } from './CategoryPanel.tsx';

/**
 * The open category menu (a lazy chunk: the catalogue of topics is only needed once it opens). Hovering
 * or focusing a category shows its topics, hidden 200 ms after the pointer leaves.
 */
export function CategoryOverlay({ onClose }: { onClose: () => void }) {
  const [active, setActive] = useState<CategoryDef | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const hideTimer = useRef<number | undefined>(undefined);

  const cancelHide = () => window.clearTimeout(hideTimer.current);
  const show = (c: CategoryDef) => {
    cancelHide();
    setActive(c);
  };
  const hideSoon = () => {
    cancelHide();
    hideTimer.current = window.setTimeout(() => setActive(null), TIMINGS.categoryPanelHideMs);
  };

  useEffect(() => {
    listRef.current?.querySelector('a')?.focus();
    return () => window.clearTimeout(hideTimer.current);
  }, []);

  return (
    <div className="cat-overlay">
      <button
        type="button"
        className="cat-backdrop"
        tabIndex={-1}
        aria-label="Închide categoriile"
        onClick={onClose}
      />
      <div id="category-menu" className="cat-menu" role="dialog" aria-label="Categorii">
        <ul ref={listRef} className="cat-list">
          {CATEGORIES.map((c) => (
            <li key={c.slug}>
              <Link
                to="/anunturi-categorie/$category"
                params={{ category: c.name }}
                className={active === c ? 'cat-item is-active' : 'cat-item'}
                onMouseEnter={() => show(c)}
                onMouseLeave={hideSoon}
                onFocus={() => show(c)}
                onClick={onClose}
              >
                {c.name}
                <ChevronRightIcon size={16} />
              </Link>
            </li>
          ))}
        </ul>
        {active ? (
          <CategoryPanel category={active} onEnter={cancelHide} onLeave={hideSoon} onPick={onClose} />
        ) : (
          <p className="cat-empty muted">Alege o categorie din listă ca să-i vezi subiectele.</p>
        )}
      </div>
    </div>
  );
}
