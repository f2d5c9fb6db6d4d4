import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { type AnnouncementRow, announcements, announcementViews, users } from '../../../schema/db/tables.ts';
import type { AnnouncementApi, AnnouncementDoc } from '../../../schema/entities.ts';
import { titleSortKey } from '../../../schema/search.ts';
import type { Db } from '../plugins/db.ts';

/** SQLite allows ~32k bound parameters; IN lists are cut well below that. */
export function chunks<T>(list: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function toDoc(r: AnnouncementRow): AnnouncementDoc {
  return {
    id: r.id,
    ownerId: r.ownerId,
    title: r.title,
    category: r.category,
    description: r.description,
    location: r.location,
    localitate: r.localitate,
    contactPerson: r.contactPerson,
    contactEmail: r.contactEmail,
    contactPhone: r.contactPhone,
    images: r.images,
    price: r.price,
    favoritesCount: r.favoritesCount,
    views: r.views,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    active: r.active,
  };
}

type SellerCard = AnnouncementApi['user'];

export function announcementsRepository(db: Db) {
  const sellers = (ids: string[]): Map<string, NonNullable<SellerCard>> => {
    if (ids.length === 0) return new Map();
    const rows = db
      .select({ _id: users.id, firstName: users.firstName, lastName: users.lastName, avatar: users.avatar })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]))
      .all();
    return new Map(rows.map((u) => [u._id, u]));
  };
  const toApi = (rows: AnnouncementRow[]): AnnouncementApi[] => {
    const cards = sellers(rows.map((r) => r.ownerId));
    return rows.map((r) => {
      const { id, ...doc } = toDoc(r);
      return { _id: id, ...doc, seq: r.seq, user: cards.get(r.ownerId) ?? null };
    });
  };

  return {
    toApi,
    /** Most favourited first, then newest; only public (active, not deleted) announcements. */
    popular(limit: number): AnnouncementApi[] {
      const rows = db
        .select()
        .from(announcements)
        .where(and(eq(announcements.deleted, false), eq(announcements.active, true)))
        .orderBy(desc(announcements.favoritesCount), desc(announcements.createdAt))
        .limit(limit)
        .all();
      return toApi(rows);
    },
    byId(id: string): AnnouncementRow | undefined {
      return db.select().from(announcements).where(eq(announcements.id, id)).get();
    },
    /** Rows of these ids (any state), for the working set's catch-up. */
    byIds(ids: string[]): AnnouncementRow[] {
      return chunks(ids).flatMap((part) =>
        db.select().from(announcements).where(inArray(announcements.id, part)).all(),
      );
    },
    /** Every row of an owner, deleted ones included (their own devices hold all of them). */
    allOfOwner(ownerId: string): AnnouncementRow[] {
      return db.select().from(announcements).where(eq(announcements.ownerId, ownerId)).all();
    },
    /** Rows changed after `afterSeq` up to `upToSeq`, in commit order: the working set's change feed. */
    changedBetween(afterSeq: number, upToSeq: number, limit: number): AnnouncementRow[] {
      return db
        .select()
        .from(announcements)
        .where(and(gt(announcements.seq, afterSeq), lte(announcements.seq, upToSeq)))
        .orderBy(asc(announcements.seq))
        .limit(limit)
        .all();
    },
    insert(row: Omit<typeof announcements.$inferInsert, 'titleKey'>): void {
      db.insert(announcements)
        .values({ ...row, titleKey: titleSortKey(row.title) })
        .run();
    },
    /** Writes `patch` to one row (callers take the seq inside their transaction). */
    update(id: string, patch: Partial<Omit<typeof announcements.$inferInsert, 'id' | 'titleKey'>>): void {
      const titleKey = patch.title === undefined ? {} : { titleKey: titleSortKey(patch.title) };
      db.update(announcements)
        .set({ ...patch, ...titleKey })
        .where(eq(announcements.id, id))
        .run();
    },
    /** The owner's list ('Anunțurile mele'): inactive ones included, deleted ones not; newest first. */
    byOwner(ownerId: string): AnnouncementRow[] {
      return db
        .select()
        .from(announcements)
        .where(and(eq(announcements.ownerId, ownerId), eq(announcements.deleted, false)))
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .all();
    },
    /** Public announcements (active, not deleted), newest first, optionally of one owner or category. */
    listPublic(filter: { ownerId?: string; category?: string } = {}): AnnouncementRow[] {
      return db
        .select()
        .from(announcements)
        .where(
          and(
            eq(announcements.deleted, false),
            eq(announcements.active, true),
            filter.ownerId === undefined ? undefined : eq(announcements.ownerId, filter.ownerId),
            filter.category === undefined ? undefined : eq(announcements.category, filter.category),
          ),
        )
        .orderBy(desc(announcements.createdAt), desc(announcements.id))
        .all();
    },
    /**
     * Records that `viewerKey` saw the announcement on `day`; true (and views + 1) only for the first
     * time that day. Call inside a transaction so the mark and the counter move together.
     */
    recordView(id: string, viewerKey: string, day: string): boolean {
      const marked = db
        .insert(announcementViews)
        .values({ announcementId: id, viewerKey, day })
        .onConflictDoNothing()
        .run();
      if (marked.changes === 0) return false;
      db.update(announcements)
        .set({ views: sql`${announcements.views} + 1` })
        .where(eq(announcements.id, id))
        .run();
      return true;
    },
    /** Drops view marks of days before `day`: they only matter for the current day. */
    purgeViewsBefore(day: string): void {
      db.delete(announcementViews).where(lt(announcementViews.day, day)).run();
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof announcementsRepository>;
