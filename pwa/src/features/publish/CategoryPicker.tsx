import { CATEGORIES } from '../../../../schema/catalog/categories.ts';
import { HOME_CATEGORIES } from '../../../../schema/catalog/home-grid.ts';
import { categoryIcon } from '../home/category-icons.ts';

/** The home grid's icon and colour for a category, when one of its tiles opens that category. */
const LOOK = new Map<string, { image: string; color: string }>();
for (const t of HOME_CATEGORIES) if (!LOOK.has(t.category)) LOOK.set(t.category, t);

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
          const look = LOOK.get(c.name);
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
