import { Link } from '@tanstack/react-router';
import { CATEGORIES } from '../../../../schema/catalog/categories.ts';

/**
 * 'Subiecte' of a category, folded under its title: the sub-topic chips of the desktop menu, here on
 * every width (a phone has no menu). Each opens the topic's page in this category.
 */
export function CategoryTopics({ category }: { category: string }) {
  const def = CATEGORIES.find((c) => c.name === category);
  if (!def) return null;
  return (
    <details className="listing-topics">
      <summary>Subiecte</summary>
      {def.columns.map((col) => (
        <div key={col.title} className="listing-topics-col">
          <h2>{col.title}</h2>
          <ul className="chips">
            {col.topics.map((topic) => (
              <li key={topic}>
                <Link
                  to="/anunturi-categorie/$category"
                  params={{ category }}
                  search={(prev) => ({ ...prev, subiect: topic, sort: undefined })}
                  className="chip"
                >
                  {topic}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </details>
  );
}
