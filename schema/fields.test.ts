import { describe, expect, it } from 'vitest';
import { announcementDoc, draftDoc } from './entities.ts';
import { ANNOUNCEMENT_FIELDS, DRAFT_FIELDS } from './fields.ts';

describe('field lists', () => {
  it('are the zod entities’ fields, in the same order', () => {
    expect(ANNOUNCEMENT_FIELDS).toEqual(Object.keys(announcementDoc.shape));
    expect(DRAFT_FIELDS).toEqual(Object.keys(draftDoc.shape).filter((k) => k !== 'id' && k !== 'updatedAt'));
  });
});
