import { Link } from '@tanstack/react-router';
import type { CategoryDef } from '../../../../schema/catalog/categories.ts';

type Props = { category: CategoryDef; onEnter: () => void; onLeave: () => void; onPick: () => void };

/**
 * Hover panel of a category: four columns of topic chips, each the topic's page inside that category
 * (its announcements holding any of the topic's words — schema/catalog/topics.ts).
 */
export function CategoryPanel({ category, onEnter, onLeave, onPick }: Props) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover only keeps the panel open; its links are the controls
    <div className="cat-panel" onMouseEnter={onEnter} onMouseLeave={onLeave}>
      <h2 className="cat-panel-title">{category.name}</h2>
      <div className="cat-cols">
        {category.columns.map((column) => (
          <div key={column.title}>
            <h3>{column.title}</h3>
            <ul className="chips">
              {column.topics.map((topic) => (
                <li key={topic}>
                  <Link
                    to="/anunturi-categorie/$category"
                    params={{ category: category.name }}
                    search={{ subiect: topic }}
                    className="chip"
                    onClick={onPick}
                  >
                    {topic}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
