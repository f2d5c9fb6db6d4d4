import type { AnnouncementDoc, DraftDoc } from './entities.ts';

/**
 * The entities' field lists for code that must not load zod (the home page's first chunk reads REST
 * announcements through schema/announcement-api.ts). Each list is checked against its zod entity twice:
 * here by the compiler (no field missing, none unknown) and by fields.test.ts (the same order as the
 * entity's shape). Everything else reads its fields from these lists or from the zod shapes.
 */
/** What a seller types into the publish form, in the entities' order (the price aside: a number once published). */
export const TYPED_FIELDS = [
  'title',
  'category',
  'description',
  'location',
  'localitate',
  'contactPerson',
  'contactEmail',
  'contactPhone',
] as const;

export const ANNOUNCEMENT_FIELDS = [
  'id',
  'ownerId',
  ...TYPED_FIELDS,
  'images',
  'price',
  'favoritesCount',
  'views',
  'createdAt',
  'updatedAt',
  'active',
] as const satisfies readonly (keyof AnnouncementDoc)[];

/** The draft's text fields (what the publish form edits): the draft entity but its id and time. */
export type DraftField = Exclude<keyof DraftDoc, 'id' | 'updatedAt'>;
export const DRAFT_FIELDS = [...TYPED_FIELDS, 'price'] as const satisfies readonly DraftField[];

type Complete<All, Listed> = [Exclude<All, Listed>] extends [never] ? true : never;
// A field added to an entity and not to its list fails to compile here.
export const FIELD_LISTS_COMPLETE: [
  Complete<keyof AnnouncementDoc, (typeof ANNOUNCEMENT_FIELDS)[number]>,
  Complete<DraftField, (typeof DRAFT_FIELDS)[number]>,
] = [true, true];

/** The id of a person's one draft (one database per user, so one row). */
export const DRAFT_ID = 'draft';
