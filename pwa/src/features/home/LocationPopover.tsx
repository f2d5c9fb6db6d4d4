import { type ReactNode, useEffect, useRef, useState } from 'react';
import { COUNTRY_WIDE } from '../../../../schema/constants.ts';
import { foldDiacritics } from '../../../../schema/search.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { useLocations } from './use-locations.ts';

export type LocationChoice = { judet: string; localitate: string; label: string };

type Props = { selected: LocationChoice; onPick: (choice: LocationChoice) => void };

/**
 * Two steps: the counties (with 'Toată țara', which clears the choice), then the chosen county's
 * localities with 'Înapoi la județe' and an entry for the whole county.
 */
export function LocationPopover({ selected, onPick }: Props) {
  const { module, failed } = useLocations(true);
  const [county, setCounty] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const boxRef = useRef<HTMLDivElement>(null);

  // Move focus into the popover: the current county (or the first one), then the localities' filter.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when the shown list changes
  useEffect(() => {
    const box = boxRef.current;
    const target =
      box?.querySelector<HTMLElement>('.loc-filter') ??
      box?.querySelector<HTMLElement>('.loc-list [aria-current]') ??
      box?.querySelector<HTMLElement>('.loc-list button');
    (target ?? box)?.focus();
  }, [module, county]);

  const pick = (judet: string, localitate: string) => {
    const label = module ? module.formatLocation(judet, localitate) : judet || COUNTRY_WIDE;
    onPick(
      judet === COUNTRY_WIDE
        ? { judet: '', localitate: '', label: COUNTRY_WIDE }
        : { judet, localitate, label },
    );
  };

  let body: ReactNode;
  if (failed) body = <p className="loc-note">Lista localităților nu s-a putut încărca. Încearcă din nou.</p>;
  else if (!module) body = <p className="loc-note">Se încarcă...</p>;
  else if (county === null) {
    body = (
      <ul className="loc-list">
        {module.countyOptions().map((name) => {
          const current = name === (selected.judet || COUNTRY_WIDE);
          return (
            <li key={name}>
              <button
                type="button"
                aria-current={current ? 'true' : undefined}
                onClick={() => (name === COUNTRY_WIDE ? pick(COUNTRY_WIDE, '') : setCounty(name))}
              >
                <span>{name}</span>
                {name !== COUNTRY_WIDE && <ChevronRightIcon size={16} />}
              </button>
            </li>
          );
        })}
      </ul>
    );
  } else {
    const needle = foldDiacritics(filter.trim());
    const places = module.localitiesOf(county).filter((p) => !needle || foldDiacritics(p).includes(needle));
    body = (
      <>
        <button
          type="button"
          className="loc-back"
          onClick={() => {
            setCounty(null);
            setFilter('');
          }}
        >
          <ChevronLeftIcon size={16} />
          Înapoi la județe
        </button>
        <input
          type="search"
          className="loc-filter"
          placeholder="Caută localitatea"
          aria-label={`Caută localitatea în ${county}`}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
        <ul className="loc-list">
          {!needle && (
            <li>
              <button type="button" className="loc-all" onClick={() => pick(county, '')}>
                Toate localitățile din {county}
              </button>
            </li>
          )}
          {places.map((place) => (
            <li key={place}>
              <button
                type="button"
                aria-current={selected.judet === county && selected.localitate === place ? 'true' : undefined}
                onClick={() => pick(county, place)}
              >
                {place}
              </button>
            </li>
          ))}
          {places.length === 0 && <li className="loc-note">Nicio localitate găsită.</li>}
        </ul>
      </>
    );
  }

  return (
    <div
      ref={boxRef}
      id="location-popover"
      className="loc-pop"
      role="dialog"
      aria-label="Alege locația"
      tabIndex={-1}
    >
      {body}
    </div>
  );
}
