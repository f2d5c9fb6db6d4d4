import { Link } from '@tanstack/react-router';
import type { HomeCategory } from '../../../../schema/catalog/home-grid.ts';
import { categoryIcon } from './category-icons.ts';

/** One tile of 'Explorează categorii': opens the listing of the tile's category. */
export function CategoryTile({ tile }: { tile: HomeCategory }) {
  return (
    <Link
      to="/anunturi-categorie/$category"
      params={{ category: tile.category }}
      className="tile"
      style={{ backgroundColor: tile.color }}
    >
      <img src={categoryIcon(tile.image)} width={56} height={56} alt="" loading="lazy" decoding="async" />
      <span className="tile-name">{tile.name}</span>
      <span className="tile-hint">{tile.hint}</span>
    </Link>
  );
}
