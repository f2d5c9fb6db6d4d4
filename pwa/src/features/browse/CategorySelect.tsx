import { CATEGORY_NAMES } from '../../../../schema/catalog/categories.ts';
import { ALL_CATEGORIES } from '../shell/search-all.ts';

type Props = { category: string; onChange: (category: string) => void };

/**
 * 'Categorie': every one of the 14 categories from the listing itself, at every width — a phone has no
 * category menu (issue 12, item 7). A category from a link that is not one of ours shows as it came.
 */
export function CategorySelect({ category, onChange }: Props) {
  const known = category === ALL_CATEGORIES || CATEGORY_NAMES.includes(category);
  return (
    <label className="listing-cat">
      <span>Categorie</span>
      <select aria-label="Categorie" value={category} onChange={(e) => onChange(e.target.value)}>
        <option value={ALL_CATEGORIES}>Toate categoriile</option>
        {CATEGORY_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {!known && <option value={category}>{category}</option>}
      </select>
    </label>
  );
}
