import { Link } from '@tanstack/react-router';
import type { HomeCategory } from '../../../../schema/catalog/home-grid.ts';
import { ALL_CATEGORIES } from '../shell/search-all.ts';
import { categoryIcon } from './category-icons.ts';

/**
 * One tile of 'Explorează categorii': its whole category, or its topic (the tile's name as `subiect`) in
 * its category or in every category — a page about what the tile says (schema/catalog/home-grid.ts).
 */
export function CategoryTile({ tile }: { tile: HomeCategory }) {
  return (
    <Link
      to="/anunturi-categorie/$category"
      params={{ category: tile.category ?? ALL_CATEGORIES }}
      search={tile.topic ? { subiect: tile.name } : {}}
      className="tile"
      style={{ backgroundColor: tile.color }}
    >
      <img src={categoryIcon(tile.image)} width={56} height={56} alt="" loading="lazy" decoding="async" />
      <span className="tile-name">{tile.name}</span>
      <span className="tile-hint">{tile.hint}</span>
    </Link>
  );
}
