import { describe, expect, it } from 'vitest';
import { announcementFormData } from '../../db/publish-request.ts';
import { moveImage, newImage, storedImage, updateForm } from './images.ts';

const blob = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

describe('photos of the form', () => {
  it('moves a photo, and making one the cover puts it first', () => {
    const list = [storedImage('/uploads/a.jpg'), storedImage('b.jpg'), storedImage('/uploads/c.jpg')];
    expect(list[1]!.url).toBe('/uploads/b.jpg');
    const moved = moveImage(list, 2, 0).map((i) => i.url);
    expect(moved).toEqual(['/uploads/c.jpg', '/uploads/a.jpg', '/uploads/b.jpg']);
    expect(moveImage(list, 0, -1)).toBe(list);
  });

  it('an update sends the full order with new:N slots; a publish sends only the files', () => {
    const list = [newImage(blob()), storedImage('/uploads/a.jpg'), newImage(blob())];
    const update = updateForm({ title: 'T' }, list);
    expect(JSON.parse(update.get('existingImages') as string)).toEqual(['new:0', '/uploads/a.jpg', 'new:1']);
    expect(update.getAll('images')).toHaveLength(2);
    expect(update.get('title')).toBe('T');
    const publish = announcementFormData({ id: 'x', title: 'T' }, [blob(), blob()]);
    expect((publish.getAll('images') as File[]).map((f) => f.name)).toEqual(['foto-1.jpg', 'foto-2.jpg']);
    expect(publish.get('existingImages')).toBeNull();
    expect(publish.getAll('images')).toHaveLength(2);
  });
});
