// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterChips } from './FilterChips.tsx';
import type { ListingSearch } from './listing-search.ts';

/** One chip per active filter, in Romanian; a click removes that filter (and what depends on it). */
function show(search: ListingSearch) {
  const onChange = vi.fn();
  const onReset = vi.fn();
  const view = render(<FilterChips search={search} onChange={onChange} onReset={onReset} />);
  const chips = () =>
    within(screen.getByRole('list', { name: 'Filtre active' }))
      .getAllByRole('button')
      .map((b) => b.textContent);
  return { onChange, onReset, view, chips };
}

afterEach(cleanup);

describe('the active filters', () => {
  it('shows nothing for a plain listing', () => {
    const { view } = show({});
    expect(view.container.innerHTML).toBe('');
  });

  it('names each filter as a person reads it: the topic, the words in quotes, the price band, the place', () => {
    const { chips } = show({
      subiect: 'miere de albine',
      q: 'salcâm',
      pret: 'under50',
      judet: 'Cluj',
      localitate: 'Florești',
    });
    expect(chips()).toEqual(['Miere de albine', '„salcâm”', 'Până la 50 lei', 'Cluj', 'Florești']);
  });

  it('names the other price bands too', () => {
    expect(show({ pret: 'free' }).chips()).toEqual(['Gratuit']);
    cleanup();
    expect(show({ pret: 'under100' }).chips()).toEqual(['50–100 lei']);
    cleanup();
    expect(show({ pret: 'over100' }).chips()).toEqual(['Peste 100 lei']);
  });

  it('says "Județul" when the county and the town share a name (Iași, Iași), whatever the diacritics', () => {
    expect(show({ judet: 'Iași', localitate: 'Iasi' }).chips()).toEqual(['Județul Iași', 'Iasi']);
    cleanup();
    expect(show({ judet: 'Iași', localitate: 'Pașcani' }).chips()).toEqual(['Iași', 'Pașcani']);
  });

  it('a click removes that filter; the county takes its locality with it', () => {
    const { onChange } = show({ q: 'tort', judet: 'Cluj', localitate: 'Florești', pret: 'free' });
    fireEvent.click(screen.getByRole('button', { name: 'Elimină filtrul Cluj' }));
    expect(onChange).toHaveBeenLastCalledWith({ judet: undefined, localitate: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Elimină filtrul Florești' }));
    expect(onChange).toHaveBeenLastCalledWith({ localitate: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Elimină filtrul „tort”' }));
    expect(onChange).toHaveBeenLastCalledWith({ q: undefined });
    fireEvent.click(screen.getByRole('button', { name: 'Elimină filtrul Gratuit' }));
    expect(onChange).toHaveBeenLastCalledWith({ pret: undefined });
  });

  it("'Resetează filtrele' resets everything, and is there for a chosen order alone", () => {
    const { onReset, onChange } = show({ sort: 'price-asc' });
    expect(screen.queryByRole('list', { name: 'Filtre active' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resetează filtrele' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();
  });
});
