import { Link } from '@tanstack/react-router';
import { HOME_CATEGORIES } from '../../../../schema/catalog/home-grid.ts';
import { GridIcon } from '../../ui/icons.tsx';
import { ALL_CATEGORIES } from '../shell/search-all.ts';
import { CategoryTile } from './CategoryTile.tsx';

/**
 * How many listing categories there are (spec doc 1 §3), for 'Toate cele 14 categorii'. A number, not
 * CATEGORY_NAMES.length: that list carries every category's sub-topics (3.4 kB gzip) into the first
 * screen's code. CategoryGrid.test.ts checks it against schema/catalog/categories.ts.
 */
export const CATEGORY_COUNT = 14;

export function CategoryGrid() {
  return (
    <section className="home-section" aria-labelledby="categories-title">
      <div className="section-head">
        <h2 id="categories-title">Explorează categorii</h2>
      </div>
      <ul className="tiles">
        {HOME_CATEGORIES.map((tile) => (
          <li key={tile.slug}>
            <CategoryTile tile={tile} />
          </li>
        ))}
        {/* Every category, also on a phone, which has no 'Categorii' menu: the listing's 'Categorie' list. */}
        <li className="tiles-all">
          <Link to="/anunturi-categorie/$category" params={{ category: ALL_CATEGORIES }} className="tile">
            <GridIcon size={32} />
            <span className="tile-name">Toate categoriile</span>
            <span className="tile-hint">Toate cele {CATEGORY_COUNT} categorii de anunțuri</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
