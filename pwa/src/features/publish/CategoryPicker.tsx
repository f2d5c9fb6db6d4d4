import { CATEGORIES } from '../../../../schema/catalog/categories.ts';
import { CATEGORY_LOOKS } from '../../../../schema/catalog/category-looks.ts';
import { categoryIcon } from '../home/category-icons.ts';

type Props = { value: string; onChange: (name: string) => void; error?: string };

/**
 * The 14 categories as radio cards: a grid on wide screens, a list under 500 px (CSS). Radios give the
 * keyboard behaviour for free (arrows move the choice, one tab stop).
 */
export function CategoryPicker({ value, onChange, error }: Props) {
  return (
    <fieldset
      className="pub-field pub-cats"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'category-error' : undefined}
    >
      <legend>Categorie</legend>
      <div className="pub-cat-grid">
        {CATEGORIES.map((c) => {
          const look = CATEGORY_LOOKS[c.name];
          return (
            <label key={c.slug} className={value === c.name ? 'pub-cat is-on' : 'pub-cat'}>
              <input
                type="radio"
                name="category"
                value={c.name}
                checked={value === c.name}
                onChange={() => onChange(c.name)}
              />
              <span className="pub-cat-icon" style={look ? { backgroundColor: look.color } : undefined}>
                {look ? <img src={categoryIcon(look.image)} width={32} height={32} alt="" /> : [...c.name][0]}
              </span>
              <span className="pub-cat-name">{c.name}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id="category-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
