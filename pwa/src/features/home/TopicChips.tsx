import { Link } from '@tanstack/react-router';

type Props = {
  category: string;
  topics: readonly string[];
  /** On the category's own listing: keep its filters (a topic brings its own order, so `sort` goes). */
  keepFilters?: boolean;
  onPick?: () => void;
};

/** A column's topic chips; each opens the topic's page inside the category. */
export function TopicChips({ category, topics, keepFilters = false, onPick }: Props) {
  return (
    <ul className="chips">
      {topics.map((topic) => (
        <li key={topic}>
          <Link
            to="/anunturi-categorie/$category"
            params={{ category }}
            search={(prev) =>
              keepFilters ? { ...prev, subiect: topic, sort: undefined } : { subiect: topic }
            }
            className="chip"
            onClick={onPick}
          >
            {topic}
          </Link>
        </li>
      ))}
    </ul>
  );
}
