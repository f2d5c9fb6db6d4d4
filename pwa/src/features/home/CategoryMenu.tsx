import { useEffect, useRef, useState } from 'react';
import { GridIcon } from '../../ui/icons.tsx';
import { LazyPart, lazyPart } from '../shell/LazyPart.tsx';

const loadOverlay = () => import('./CategoryOverlay.tsx');
const CategoryOverlay = lazyPart(() => loadOverlay().then((m) => m.CategoryOverlay));

/**
 * 'Categorii' (from the md breakpoint) toggles the category overlay; it closes on a click outside, on
 * Escape, or when a category is chosen. The overlay's code is fetched when the pointer or focus reaches
 * the button, so it is ready by the time it is clicked (and kept for offline use from then on); a phone
 * never shows the button, so a first visit does not download it.
 */
export function CategoryMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline cat-btn"
        aria-expanded={open}
        aria-controls="category-menu"
        onPointerEnter={() => void loadOverlay()}
        onFocus={() => void loadOverlay()}
        onClick={() => setOpen(!open)}
      >
        <GridIcon size={20} />
        Categorii
      </button>
      {open && (
        <LazyPart onFail={() => setOpen(false)}>
          <CategoryOverlay onClose={() => setOpen(false)} />
        </LazyPart>
      )}
    </>
  );
}
