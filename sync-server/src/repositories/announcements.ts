import { asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { toApi } from '../../../schema/announcement-api.ts';
import { type AnnouncementRow, announcements, announcementViews, users } from '../../../schema/db/tables.ts';
import type { AnnouncementApi } from '../../../schema/entities.ts';
import { POPULAR_ORDER } from '../../../schema/popular.ts';
import { titleSortKey } from '../../../schema/search.ts';
import { searchColumns } from '../../../schema/text.ts';
import type { Db } from '../plugins/db.ts';
import { changedAfter, firstRow, live, mapById, readInChunks } from './queries.ts';
import type { FoundRow } from './search-page.ts';

export { chunks } from './queries.ts';

type SellerCard = AnnouncementApi['user'];

export function announcementsRepository(db: Db) {
  const sellers = (ids: string[]): Promise<Map<string, NonNullable<SellerCard>>> =>
    mapById(
      ids,
      (part) =>
        db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            avatar: users.avatar,
          })
          .from(users)
          .where(inArray(users.id, part)),
      ({ id, ...card }) => ({ _id: id, ...card }),
    );
  const toApiList = async (rows: FoundRow[]): Promise<AnnouncementApi[]> => {
    const cards = await sellers(rows.map((r) => r.ownerId));
    return rows.map((r) => toApi(r, r.seq, cards.get(r.ownerId) ?? null));
  };

  return {
    toApi: toApiList,
    /** The popular order (schema/popular.ts); only public (active, not deleted) announcements. */
    async popular(limit: number): Promise<AnnouncementApi[]> {
      const rows = await db
        .select()
        .from(announcements)
        .where(live(announcements, { active: true }))
        .orderBy(
          ...POPULAR_ORDER.map(({ field, direction }) =>
            (direction === 'desc' ? desc : asc)(announcements[field]),
          ),
        )
        .limit(limit);
      return toApiList(rows);
    },
    byId: (id: string): Promise<AnnouncementRow | undefined> =>
      firstRow(db, announcements, eq(announcements.id, id)),
    /** Rows of these ids (any state), for the working set's catch-up. */
    byIds: (ids: string[]): Promise<AnnouncementRow[]> =>
      readInChunks(ids, (part) => db.select().from(announcements).where(inArray(announcements.id, part))),
    /** Every row of an owner, deleted ones included (their own devices hold all of them). */
    async allOfOwner(ownerId: string): Promise<AnnouncementRow[]> {
      return db.select().from(announcements).where(eq(announcements.ownerId, ownerId));
    },
    /** Rows changed after `afterSeq` up to `upToSeq`, in commit order: the working set's change feed. */
    changedBetween: (afterSeq: number, upToSeq: number, limit: number): Promise<AnnouncementRow[]> =>
      changedAfter(db, announcements, { afterSeq, upToSeq, limit }),
    async insert(
      row: Omit<typeof announcements.$inferInsert, 'titleKey' | 'searchTitle' | 'searchText'>,
    ): Promise<void> {
      await db.insert(announcements).values({
        ...row,
        titleKey: titleSortKey(row.title),
        ...searchColumns(row.title, row.description),
      });
    },
    /** Writes `patch` to one row (callers take the seq inside their transaction). */
    async update(
      id: string,
      patch: Partial<
        Omit<typeof announcements.$inferInsert, 'id' | 'titleKey' | 'searchTitle' | 'searchText'>
      >,
    ): Promise<void> {
      const titleKey = patch.title === undefined ? {} : { titleKey: titleSortKey(patch.title) };
      // The analysed columns follow the text (schema/text.ts); a patch of one field reads the other.
      let analysed = {};
      if (patch.title !== undefined || patch.description !== undefined) {
        const current =
          patch.title === undefined || patch.description === undefined
            ? await firstRow(db, announcements, eq(announcements.id, id))
            : undefined;
        analysed = searchColumns(
          patch.title ?? current?.title ?? '',
          patch.description ?? current?.description ?? '',
        );
      }
      await db
        .update(announcements)
        .set({ ...patch, ...titleKey, ...analysed })
        .where(eq(announcements.id, id));
    },
    /** The owner's list ('Anunțurile mele'): inactive ones included, deleted ones not; newest first. */
    async byOwner(ownerId: string): Promise<AnnouncementRow[]> {
      return db
        .select()
        .from(announcements)
        .where(live(announcements, { ownerId }))
        .orderBy(desc(announcements.createdAt), desc(announcements.id));
    },
    /** Public announcements (active, not deleted), newest first, optionally of one owner or category. */
    async listPublic(filter: { ownerId?: string; category?: string } = {}): Promise<AnnouncementRow[]> {
      return db
        .select()
        .from(announcements)
        .where(live(announcements, { active: true, ...filter }))
        .orderBy(desc(announcements.createdAt), desc(announcements.id));
    },
    /**
     * Records that `viewerKey` saw the announcement on `day`; true (and views + 1) only for the first
     * time that day. Call inside a transaction so the mark and the counter move together.
     */
    async recordView(id: string, viewerKey: string, day: string): Promise<boolean> {
      const marked = await db
        .insert(announcementViews)
        .values({ announcementId: id, viewerKey, day })
        .onConflictDoNothing()
        .returning({ id: announcementViews.announcementId });
      if (marked.length === 0) return false;
      await db
        .update(announcements)
        .set({ views: sql`${announcements.views} + 1` })
        .where(eq(announcements.id, id));
      return true;
    },
    /** Drops view marks of days before `day`: they only matter for the current day. */
    async purgeViewsBefore(day: string): Promise<void> {
      await db.delete(announcementViews).where(lt(announcementViews.day, day));
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof announcementsRepository>;
