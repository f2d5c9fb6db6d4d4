import { HOME_CATEGORIES } from '../../../../schema/catalog/home-grid.ts';
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
      </ul>
    </section>
  );
}
