import { describe, expect, it } from 'vitest';
import { announcementFormData, PUBLISH_URL, photoFormData, photoUrl } from './publish-request.ts';

/** The wire format of a publish, shared by the page and the service worker's drain: the server reads it. */
describe('the requests of a publish', () => {
  it('names the routes the server serves', () => {
    expect(PUBLISH_URL).toBe('/api/users/my-announcements');
    expect(photoUrl('6a00000000000000000000ff')).toBe(
      '/api/users/my-announcements/photos/6a00000000000000000000ff',
    );
  });

  it('an announcement body: every field as given, photos in order as foto-N.jpg under "images"', async () => {
    const form = announcementFormData({ id: 'abc', title: 'Cozonac', price: '', photoIds: '["p1","p2"]' }, [
      new Blob(['first']),
      new Blob(['second']),
      new Blob(['third']),
    ]);
    expect(form.get('id')).toBe('abc');
    expect(form.get('title')).toBe('Cozonac');
    // An empty price is sent (it means "no price"), not left out.
    expect(form.get('price')).toBe('');
    expect(form.get('photoIds')).toBe('["p1","p2"]');
    const files = form.getAll('images') as File[];
    expect(files.map((f) => f.name)).toEqual(['foto-1.jpg', 'foto-2.jpg', 'foto-3.jpg']);
    expect(await Promise.all(files.map((f) => f.text()))).toEqual(['first', 'second', 'third']);
    expect(form.has('existingImages')).toBe(false);
  });

  it('an update also sends the order of every photo', () => {
    const form = announcementFormData({ title: 'T' }, [], ['/uploads/a.jpg', 'new:0']);
    expect(JSON.parse(String(form.get('existingImages')))).toEqual(['/uploads/a.jpg', 'new:0']);
    // Even with no photo left the order is sent: an empty list removes them all.
    expect(announcementFormData({}, [], []).get('existingImages')).toBe('[]');
  });

  it('a photo body is the one part "image"', async () => {
    const form = photoFormData(new Blob(['jpeg-bytes'], { type: 'image/jpeg' }));
    const part = form.get('image') as File;
    expect([...form.keys()]).toEqual(['image']);
    expect(part.name).toBe('foto.jpg');
    expect(await part.text()).toBe('jpeg-bytes');
  });
});
