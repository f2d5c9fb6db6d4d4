import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_FIELDS,
  announcementFromForm,
  fieldsFromForm,
  formFromAnnouncement,
  fromApi,
  heldFromApi,
  pickAnnouncement,
  toApi,
} from './announcement-api.ts';
import { type AnnouncementDoc, announcementApi, announcementDoc } from './entities.ts';
import { DRAFT_FIELDS } from './fields.ts';
import { byPopularity, POPULAR_ORDER, POPULAR_RX_SORT } from './popular.ts';

const doc: AnnouncementDoc = announcementDoc.parse({
  id: '65f0a1b2c3d4e5f6a7b8c9d0',
  ownerId: '65f0a1b2c3d4e5f6a7b8c9d1',
  title: 'Lecții de chitară clasică',
  category: 'Muzică',
  description: 'Predau chitară clasică începătorilor, acasă sau online.',
  location: 'Cluj',
  localitate: 'Cluj-Napoca',
  contactPerson: 'Ștefan',
  contactEmail: 'stefan@example.ro',
  contactPhone: '0712345678',
  images: ['/uploads/announcements/a.jpg'],
  price: 80,
  favoritesCount: 3,
  views: 12,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  active: true,
});
const seller = { _id: '65f0a1b2c3d4e5f6a7b8c9d1', firstName: 'Ștefan', lastName: 'Pop', avatar: null };

describe('announcement ↔ REST mapping', () => {
  it('lists the entity’s fields', () => {
    expect(ANNOUNCEMENT_FIELDS).toEqual(Object.keys(announcementDoc.shape));
  });

  it('answers every field of the REST shape, and reads the same document back', () => {
    const api = toApi(doc, 7, seller);
    expect(Object.keys(api).sort()).toEqual(Object.keys(announcementApi.shape).sort());
    expect(announcementApi.parse(api)).toEqual(api);
    expect(api._id).toBe(doc.id);
    expect(fromApi(api)).toEqual(doc);
    expect(heldFromApi(api)).toEqual({ doc: { ...doc, _deleted: false }, seq: 7 });
  });

  it('keeps server-only columns and unknown keys out of a document', () => {
    const row = { ...doc, seq: 4, deleted: false, titleKey: 'lectii de chitara' };
    expect(pickAnnouncement(row)).toEqual(doc);
    expect(fromApi({ ...toApi(doc, 1, null), extra: 'x' } as never)).toEqual(doc);
  });

  it('gives the form its text fields, no price as empty', () => {
    const form = formFromAnnouncement(doc);
    expect(Object.keys(form)).toEqual(DRAFT_FIELDS);
    expect(form.price).toBe('80');
    expect(form.contactPerson).toBe('Ștefan');
    expect(formFromAnnouncement({ ...doc, price: null }).price).toBe('');
    expect(formFromAnnouncement({ ...doc, price: 0 }).price).toBe('0');
  });
});

describe('a form as a document', () => {
  it('is the inverse of formFromAnnouncement for the fields a form sets', () => {
    const fields = fieldsFromForm(formFromAnnouncement(doc));
    expect(fields).toEqual(Object.fromEntries(DRAFT_FIELDS.map((f) => [f, doc[f]])));
    expect(fieldsFromForm({ ...formFromAnnouncement(doc), price: '' }).price).toBeNull();
    expect(fieldsFromForm({ ...formFromAnnouncement(doc), price: '1.250' }).price).toBe(1250);
  });

  it('makes an unpublished document with no counters that the entity accepts', () => {
    const queued = announcementFromForm(formFromAnnouncement(doc), {
      id: doc.id,
      ownerId: doc.ownerId,
      images: [],
      time: '2026-11-03T00:00:00.000Z',
    });
    expect(announcementDoc.parse(queued)).toEqual(queued);
    expect(queued).toMatchObject({ favoritesCount: 0, views: 0, active: true, price: 80, images: [] });
    expect(queued.createdAt).toBe('2026-11-03T00:00:00.000Z');
  });
});

describe('the popular order', () => {
  it('is most favourited first, then newest, in every form', () => {
    const a = { ...doc, favoritesCount: 5, createdAt: '2026-01-01T00:00:00.000Z' };
    const b = { ...doc, favoritesCount: 5, createdAt: '2026-02-01T00:00:00.000Z' };
    const c = { ...doc, favoritesCount: 9, createdAt: '2025-01-01T00:00:00.000Z' };
    expect([a, b, c].sort(byPopularity)).toEqual([c, b, a]);
    expect(POPULAR_RX_SORT).toEqual([{ favoritesCount: 'desc' }, { createdAt: 'desc' }]);
    expect(POPULAR_ORDER.map((o) => o.field)).toEqual(['favoritesCount', 'createdAt']);
  });
});
