import type { AnnouncementApi } from '../../../../schema/entities.ts';
import { api } from '../../api/client.ts';

/**
 * The detail page's GET /api/announcements/{id} starts in the route's loader, while the page's chunk is
 * still downloading (on a weak network that is a round trip or two earlier than the page's own effect).
 * The page takes the started request once; it is never started for a hover preload, since the request
 * counts a view.
 */
const started = new Map<string, Promise<AnnouncementApi>>();

export function prefetchAnnouncement(id: string): void {
  if (started.has(id)) return;
  const request = api<AnnouncementApi>(`/api/announcements/${encodeURIComponent(id)}`);
  request.catch(() => undefined);
  started.set(id, request);
}

export function takeAnnouncementRequest(id: string): Promise<AnnouncementApi> {
  const request = started.get(id);
  started.delete(id);
  return request ?? api<AnnouncementApi>(`/api/announcements/${encodeURIComponent(id)}`);
}
