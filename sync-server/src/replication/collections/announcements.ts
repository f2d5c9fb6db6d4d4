import { BLANKED_CONTENT, pickAnnouncement } from '../../../../schema/announcement-api.ts';
import type { AnnouncementRow } from '../../../../schema/db/tables.ts';
import type { AnnouncementDoc } from '../../../../schema/entities.ts';
import type { WithDeleted } from '../../../../schema/sync.ts';
import type { ReplicationContext } from '../types.ts';

/**
 * Announcements are public, but a deleted or deactivated one leaves everyone's view except its owner's:
 * they receive a tombstone whose content is blanked, so nothing hidden travels. (The analysed columns,
 * which search results leave out, are never sent either.)
 */
export function forCaller(
  row: Omit<AnnouncementRow, 'searchTitle' | 'searchText'>,
  ctx: ReplicationContext,
): WithDeleted<AnnouncementDoc> {
  const visible = !row.deleted && (row.active || row.ownerId === ctx.userId);
  if (visible) return { ...pickAnnouncement(row), _deleted: false };
  return { ...pickAnnouncement(row), ...BLANKED_CONTENT, images: [], _deleted: true };
}
