import { Link } from '@tanstack/react-router';
import { CATEGORY_NAMES } from '../../../../schema/catalog/categories.ts';
import { HOME_CATEGORIES } from '../../../../schema/catalog/home-grid.ts';
import { GridIcon } from '../../ui/icons.tsx';
import { ALL_CATEGORIES } from '../shell/search-all.ts';
import { CategoryTile } from './CategoryTile.tsx';

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
            <span className="tile-hint">Toate cele {CATEGORY_NAMES.length} categorii de anunțuri</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
