import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcements } from '../db/tables.ts';
import { announcementDoc } from '../entities.ts';
import { announcementRxSchema } from './announcements.ts';

/**
 * Columns the server keeps outside the replicated document (ordering, tombstones, the title sort key, the
 * search columns, and the moderation reason: the owner reads it from /api/users/my-announcements/hidden).
 */
const SERVER_ONLY = ['seq', 'deleted', 'titleKey', 'searchTitle', 'searchText', 'hiddenReason'];

describe('announcement definitions agree', () => {
  it('entity schema, RxDB schema and SQL table have the same document fields', () => {
    const entity = Object.keys(announcementDoc.shape).sort();
    const rx = Object.keys(announcementRxSchema.properties).sort();
    const sql = Object.keys(getTableColumns(announcements))
      .filter((c) => !SERVER_ONLY.includes(c))
      .sort();
    expect(rx).toEqual(entity);
    expect(sql).toEqual(entity);
    expect([...(announcementRxSchema.required as string[])].sort()).toEqual(entity);
  });

  it('keeps seq and other server-owned ordering out of the replicated document', () => {
    expect(Object.keys(announcementRxSchema.properties)).not.toContain('seq');
    expect(announcementRxSchema.primaryKey).toBe('id');
  });

  it('a document parsed by the entity schema fits the RxDB types', () => {
    const doc = announcementDoc.parse({
      id: '65f0a1b2c3d4e5f6a7b8c9d0',
      ownerId: '65f0a1b2c3d4e5f6a7b8c9d1',
      title: 'Ședință foto de familie în parc',
      category: 'Fotografie',
      description: 'x'.repeat(40),
      location: 'Cluj',
      localitate: 'Cluj-Napoca',
      contactPerson: 'Ana',
      contactEmail: '',
      contactPhone: '0712345678',
      images: ['/uploads/announcements/a.jpg'],
      price: null,
      favoritesCount: 0,
      views: 0,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
      active: true,
    });
    for (const [key, def] of Object.entries(announcementRxSchema.properties)) {
      const value = doc[key as keyof typeof doc];
      const type = (def as { type: string | string[] }).type;
      const types = Array.isArray(type) ? type : [type];
      const actual =
        value === null
          ? 'null'
          : Array.isArray(value)
            ? 'array'
            : Number.isInteger(value)
              ? 'integer'
              : typeof value;
      expect(types.includes(actual) || (actual === 'integer' && types.includes('number')), key).toBe(true);
    }
  });
});
