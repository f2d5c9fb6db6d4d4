import { CATEGORIES } from '../../../../schema/catalog/categories.ts';
import { TopicChips } from '../home/TopicChips.tsx';

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
          <TopicChips category={category} topics={col.topics} keepFilters />
        </div>
      ))}
    </details>
  );
}
