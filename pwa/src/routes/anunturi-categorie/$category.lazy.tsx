import { createLazyFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../../features/browse/ListingPage.tsx';

export const Route = createLazyFileRoute('/anunturi-categorie/$category')({ component: CategoryPage });

function CategoryPage() {
  const { category } = Route.useParams();
  return <ListingPage category={category} />;
}
