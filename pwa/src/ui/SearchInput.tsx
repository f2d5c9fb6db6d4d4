import { SearchIcon } from './icons.tsx';

/** The 'Ce anume cauți?' field shared by the home search bar and the mobile header. */
export function SearchInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <>
      <SearchIcon size={20} />
      <input
        type="search"
        placeholder="Ce anume cauți?"
        aria-label="Caută anunțuri"
        enterKeyHint="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
