import { COUNTRY_WIDE } from '../../../../schema/constants.ts';
import { formatLocation } from '../../../../schema/format.ts';
import { ChevronRightIcon, PinIcon } from '../../ui/icons.tsx';
import { useDropdown } from '../../ui/use-dropdown.ts';
import { LocationPopover } from '../home/LocationPopover.tsx';

type Props = {
  location: string;
  localitate: string;
  error?: string;
  onChange: (location: string, localitate: string) => void;
};

/** County, then locality (or the whole county), or 'Toată țara' — the home search's popover, reused. */
export function LocationField({ location, localitate, error, onChange }: Props) {
  const dd = useDropdown<HTMLButtonElement>();
  const chosen = location !== '';
  const label = chosen ? formatLocation(location, localitate) : 'Alege județul și localitatea';
  const selected = {
    judet: location === COUNTRY_WIDE ? '' : location,
    localitate,
    label,
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: closes the popover when focus moves out of the group
    <div ref={dd.rootRef} className="pub-field pub-loc" onBlur={dd.onBlur}>
      <span className="pub-label" id="location-label">
        Locație
      </span>
      <button
        ref={dd.buttonRef}
        type="button"
        className={chosen ? 'pub-loc-btn is-set' : 'pub-loc-btn'}
        aria-labelledby="location-label location-value"
        aria-haspopup="dialog"
        aria-expanded={dd.open}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'location-error' : undefined}
        onClick={() => dd.setOpen(!dd.open)}
      >
        <PinIcon size={18} />
        <span id="location-value">{label}</span>
        <ChevronRightIcon size={16} />
      </button>
      {dd.open && (
        <LocationPopover
          selected={selected}
          onPick={(choice) => {
            onChange(choice.judet === '' ? COUNTRY_WIDE : choice.judet, choice.localitate);
            dd.close();
            dd.buttonRef.current?.focus();
          }}
        />
      )}
      {error && (
        <p id="location-error" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
