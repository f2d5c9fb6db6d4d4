import { lazy, Suspense } from 'react';
import { PinIcon } from '../../ui/icons.tsx';
import { useDropdown } from '../../ui/use-dropdown.ts';
import type { LocationChoice } from './LocationPopover.tsx';

// Not part of the first paint: fetched when the pointer or focus reaches the field (as the category menu).
const loadPopover = () => import('./LocationPopover.tsx');
const LocationPopover = lazy(() => loadPopover().then((m) => ({ default: m.LocationPopover })));

type Props = { value: LocationChoice; onChange: (choice: LocationChoice) => void };

/**
 * The search bar's location: a read-only field from the md breakpoint, a pin button below it (CSS shows
 * one of them). Either opens the popover, which loads the place names on first use.
 */
export function LocationPicker({ value, onChange }: Props) {
  const dd = useDropdown<HTMLElement>();

  const open = (el: HTMLElement) => {
    dd.buttonRef.current = el; // focus comes back here on Escape or after a choice
    dd.setOpen(true);
  };
  const toggle = (el: HTMLElement) => (dd.open ? dd.close() : open(el));

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the popover when focus moves out of the group
    <div
      ref={dd.rootRef}
      className="loc"
      onBlur={dd.onBlur}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
    >
      <input
        className="loc-field"
        readOnly
        role="combobox"
        aria-controls="location-popover"
        value={value.label}
        aria-label="Locație"
        aria-haspopup="dialog"
        aria-expanded={dd.open}
        onClick={(e) => toggle(e.currentTarget)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
            e.preventDefault();
            open(e.currentTarget);
          }
        }}
      />
      <button
        type="button"
        className={value.judet ? 'loc-pin icon-btn is-set' : 'loc-pin icon-btn'}
        aria-label={`Alege locația (${value.label})`}
        title={value.label}
        aria-haspopup="dialog"
        aria-expanded={dd.open}
        aria-controls="location-popover"
        onClick={(e) => toggle(e.currentTarget)}
      >
        <PinIcon size={22} />
      </button>
      {dd.open && (
        <Suspense fallback={null}>
          <LocationPopover
            selected={value}
            onPick={(choice) => {
              onChange(choice);
              dd.close();
              dd.buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
