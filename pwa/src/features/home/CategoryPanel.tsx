import type { CategoryDef } from '../../../../schema/catalog/categories.ts';
import { TopicChips } from './TopicChips.tsx';

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
            <TopicChips category={category.name} topics={column.topics} onPick={onPick} />
          </div>
        ))}
      </div>
    </div>
  );
}
