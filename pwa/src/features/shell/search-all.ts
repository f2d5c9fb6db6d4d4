import { useNavigate } from '@tanstack/react-router';

/** Category segment of the listing that covers every category: the search bars send their queries here. */
export const ALL_CATEGORIES = 'toate';

/** A search bar's submit: the typed text (and the place, where the bar has one) on the listing of every category. */
export function useSearchAll() {
  const navigate = useNavigate();
  return (text: string, place: { judet?: string; localitate?: string } = {}) => {
    const q = text.trim();
    void navigate({
      to: '/anunturi-categorie/$category',
      params: { category: ALL_CATEGORIES },
      search: {
        q: q || undefined,
        judet: place.judet || undefined,
        localitate: place.localitate || undefined,
      },
    });
  };
}
