import { createLazyFileRoute } from '@tanstack/react-router';
import { DetailPage } from '../../features/detail/DetailPage.tsx';

export const Route = createLazyFileRoute('/announcement/$id')({ component: AnnouncementPage });

function AnnouncementPage() {
  const { id } = Route.useParams();
  // A new id is a new page: state (photo index, dialogs) starts afresh.
  return <DetailPage key={id} id={id} />;
}
