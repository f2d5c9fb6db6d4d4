// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Suggestion } from '../../../../schema/suggest.ts';
import { ListingToolbar } from './ListingToolbar.tsx';
import type { ListingSearch } from './listing-search.ts';

/**
 * The listing's toolbar: the search box (the text reaches the URL after a pause), suggestions, the order
 * and the grid/list switch. The server's suggestions come through fetch.
 */
let suggestAsked: string[];
let suggestions: Suggestion[];
beforeEach(() => {
  suggestAsked = [];
  suggestions = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      const url = new URL(path, 'https://hobbiz.ro');
      if (url.pathname === '/api/announcements/suggest') {
        suggestAsked.push(url.searchParams.get('q') ?? '');
        return Response.json({ suggestions });
      }
      return Response.json({}, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function toolbar(search: ListingSearch) {
  const onChange = vi.fn();
  const onTopic = vi.fn();
  const props = { onChange, onTopic, filtersOpen: false, onToggleFilters: vi.fn() };
  const view = render(<ListingToolbar search={search} {...props} />);
  const input = screen.getByRole('combobox', { name: 'Caută în anunțuri' }) as HTMLInputElement;
  const rerender = (s: ListingSearch) => view.rerender(<ListingToolbar search={s} {...props} />);
  return { onChange, onTopic, input, rerender };
}
/** The suggestions shown under the box (the sort select's options are options too). */
const suggested = async () =>
  within(await screen.findByRole('listbox', { name: 'Sugestii' })).getAllByRole('option');
const sortOptions = () =>
  [...(screen.getByRole('combobox', { name: 'Sortează' }) as HTMLSelectElement).options].map((o) => o.text);

describe('the search box', () => {
  it('sends the words after a short pause in typing, trimmed, once', async () => {
    const { input, onChange } = toolbar({});
    fireEvent.change(input, { target: { value: 'to' } });
    fireEvent.change(input, { target: { value: 'tort ' } });
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ q: 'tort' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('Enter searches at once; an emptied box removes the words from the URL', () => {
    const { input, onChange } = toolbar({ q: 'tort' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.form!);
    expect(onChange).toHaveBeenCalledWith({ q: undefined });
  });

  it('shows what the URL says when it changes elsewhere (a chip removed, Back)', () => {
    const { input, rerender } = toolbar({ q: 'tort' });
    expect(input.value).toBe('tort');
    rerender({ q: 'miere' });
    expect(input.value).toBe('miere');
    rerender({});
    expect(input.value).toBe('');
  });

  it("offers the server's suggestions; arrows and Enter pick one, which is searched", async () => {
    suggestions = [{ text: 'tort de ciocolată' }, { text: 'tort aniversar' }];
    const { input, onChange } = toolbar({});
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'tort' } });
    const options = await suggested();
    expect(options.map((o) => o.textContent)).toEqual(['tort de ciocolată', 'tort aniversar']);
    expect(suggestAsked).toEqual(['tort']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe('listing-suggestion-1');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ q: 'tort aniversar' });
    expect(input.value).toBe('tort aniversar');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a topic suggestion opens its topic page instead of searching the words', async () => {
    const topic = {
      text: 'Miere de albine',
      subiect: 'Miere de albine',
      category: 'Prăjituri, Băcănie, Gătit',
    };
    suggestions = [topic];
    const { input, onChange, onTopic } = toolbar({});
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'mier' } });
    const [option] = await suggested();
    expect(option!.textContent).toBe('Miere de albine — subiect');
    // After the typing pause (the words were searched meanwhile, as typed).
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    fireEvent.click(option!);
    expect(onTopic).toHaveBeenCalledWith(topic);
    expect(input.value).toBe('');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('a topic picked before the typing pause ends leaves the half-typed words behind', async () => {
    const topic = {
      text: 'Miere de albine',
      subiect: 'Miere de albine',
      category: 'Prăjituri, Băcănie, Gătit',
    };
    suggestions = [topic];
    const { input, onChange, onTopic } = toolbar({});
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'mier' } });
    const [option] = await suggested();
    // Picked at once: the pause that would search 'mier' has not ended yet.
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(option!);
    expect(onTopic).toHaveBeenCalledWith(topic);
    await new Promise((r) => setTimeout(r, 400));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Escape closes the suggestions', async () => {
    suggestions = [{ text: 'tort de ciocolată' }];
    const { input } = toolbar({});
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'tort' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('the order', () => {
  it("offers 'Relevanță' only when there are words or a topic to rank by", () => {
    toolbar({});
    expect(sortOptions()).toEqual(['Cele mai noi', 'Preț crescător', 'Preț descrescător', 'Titlu (A–Z)']);
    cleanup();
    toolbar({ q: 'tort' });
    expect(sortOptions()[0]).toBe('Relevanță');
    cleanup();
    toolbar({ subiect: 'Miere de albine' });
    expect(sortOptions()[0]).toBe('Relevanță');
  });

  it('shows the order in effect and leaves the default out of the URL', () => {
    const { onChange } = toolbar({ q: 'tort' });
    const select = screen.getByRole('combobox', { name: 'Sortează' }) as HTMLSelectElement;
    expect(select.value).toBe('relevance');
    fireEvent.change(select, { target: { value: 'price-asc' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'price-asc' });
    fireEvent.change(select, { target: { value: 'relevance' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: undefined });
    // With words, the newest first is a choice of its own and stays in the URL.
    fireEvent.change(select, { target: { value: 'recent' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'recent' });
  });

  it('without words, the newest first is the default', () => {
    const { onChange } = toolbar({ sort: 'title' });
    const select = screen.getByRole('combobox', { name: 'Sortează' }) as HTMLSelectElement;
    expect(select.value).toBe('title');
    fireEvent.change(select, { target: { value: 'recent' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: undefined });
  });
});

describe('grid or list', () => {
  it('the grid is the default and stays out of the URL', () => {
    const { onChange } = toolbar({ view: 'list' });
    const grid = screen.getByRole('button', { name: 'Afișare în grilă' });
    const list = screen.getByRole('button', { name: 'Afișare în listă' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(grid.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(grid);
    expect(onChange).toHaveBeenLastCalledWith({ view: undefined });
    fireEvent.click(list);
    expect(onChange).toHaveBeenLastCalledWith({ view: 'list' });
  });
});
