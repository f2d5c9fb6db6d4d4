import { useEffect, useState } from 'react';

/** schema/locations.ts embeds ~250 kB of place names: it is fetched the first time a picker opens. */
type LocationsModule = typeof import('../../../../schema/locations.ts');

let pending: Promise<LocationsModule> | null = null;

/**
 * A page whose own code already holds the place names (the publish form imports them statically) hands
 * them over, so its pickers never fetch them (a dynamic import goes through a separate small chunk, which
 * an offline device may not have).
 */
export function provideLocations(module: LocationsModule): void {
  pending = Promise.resolve(module);
}

export function loadLocations(): Promise<LocationsModule> {
  pending ??= import('../../../../schema/locations.ts').catch((err: unknown) => {
    pending = null; // offline before the chunk was cached: try again next time
    throw err;
  });
  return pending;
}

export type LocationsState = { module: LocationsModule | null; failed: boolean };

/** The locations module once `active` has been true (null while loading). */
export function useLocations(active: boolean): LocationsState {
  const [state, setState] = useState<LocationsState>({ module: null, failed: false });
  useEffect(() => {
    if (!active || state.module) return;
    let alive = true;
    loadLocations().then(
      (module) => alive && setState({ module, failed: false }),
      () => alive && setState({ module: null, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [active, state.module]);
  return state;
}
