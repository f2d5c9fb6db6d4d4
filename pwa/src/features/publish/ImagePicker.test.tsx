// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../../schema/constants.ts';
import type { PhotoProgress } from '../../db/photo-uploads.ts';
import { ImagePicker } from './ImagePicker.tsx';
import { type ImageItem, newImage, storedImage } from './images.ts';
import type { PhotoUploads } from './use-photo-uploads.ts';

afterEach(cleanup);

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

function setup(props: Partial<Parameters<typeof ImagePicker>[0]> & { images: ImageItem[] }) {
  const handlers = {
    onAdd: vi.fn(),
    onRemove: vi.fn(),
    onMove: vi.fn(),
    onDismissRefused: vi.fn(),
  };
  render(<ImagePicker refused={[]} {...handlers} {...props} />);
  return handlers;
}

/** Upload states per photo id, as usePhotoUploads hands them to the picker. */
function uploads(
  states: Record<string, PhotoProgress>,
  summary?: Partial<PhotoUploads['summary']>,
  linkDown = false,
): PhotoUploads {
  return {
    linkDown,
    of: (id) => states[id],
    retry: vi.fn(),
    cancel: vi.fn(),
    summary: { count: 0, done: 0, failed: 0, offline: 0, sentBytes: 0, totalBytes: 0, ...summary },
  };
}

describe('ImagePicker', () => {
  it('shows each photo in order, the first as the cover, and the count against the limit', () => {
    setup({ images: [storedImage('/uploads/a.jpg'), storedImage('/uploads/b.jpg')] });
    const list = screen.getByRole('list', { name: 'Imagini' });
    const photos = within(list).getAllByRole('img');
    expect(photos.map((i) => i.getAttribute('alt'))).toEqual(['Imaginea 1', 'Imaginea 2']);
    expect(photos.map((i) => i.getAttribute('src'))).toEqual(['/uploads/a.jpg', '/uploads/b.jpg']);
    expect(screen.getAllByText('Imagine principală')).toHaveLength(1);
    expect(screen.getByText(/Doar fotografii JPG\/JPEG, cel mult 10, fiecare sub 5/).textContent).toContain(
      '(2/10)',
    );
  });

  it('moves and removes by the photo’s number; the cover cannot move left, the last not right', () => {
    const h = setup({ images: [storedImage('a.jpg'), storedImage('b.jpg'), storedImage('c.jpg')] });
    expect(screen.getByRole('button', { name: 'Mută imaginea 1 la stânga' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Mută imaginea 3 la dreapta' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mută imaginea 2 la dreapta' }));
    expect(h.onMove).toHaveBeenLastCalledWith(1, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Mută imaginea 3 la stânga' }));
    expect(h.onMove).toHaveBeenLastCalledWith(2, 1);
    // 'Fă-o principală' on every photo but the cover.
    const makeCover = screen.getAllByRole('button', { name: 'Fă-o principală' });
    expect(makeCover).toHaveLength(2);
    fireEvent.click(makeCover[1]!);
    expect(h.onMove).toHaveBeenLastCalledWith(2, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Elimină imaginea 2' }));
    expect(h.onRemove).toHaveBeenCalledWith(1);
  });

  it('hands the picked files over in order, and allows picking the same file again', () => {
    const h = setup({ images: [] });
    const input = screen.getByLabelText('Alege imagini JPG/JPEG') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,.jpg,.jpeg');
    expect(input.multiple).toBe(true);
    const files = [new File(['1'], 'unu.jpg', { type: 'image/jpeg' }), new File(['2'], 'doi.jpg')];
    fireEvent.change(input, { target: { files } });
    expect(h.onAdd).toHaveBeenCalledWith(files);
    expect(input.value).toBe('');
  });

  it('at the limit of photos, “Adaugă imagini” is disabled', () => {
    const full = Array.from({ length: LIMITS.imagesMax }, (_, i) => storedImage(`${i}.jpg`));
    setup({ images: full });
    expect(screen.getByRole('button', { name: /Adaugă imagini/ })).toHaveProperty('disabled', true);
    cleanup();
    setup({ images: full.slice(1) });
    expect(screen.getByRole('button', { name: /Adaugă imagini/ })).toHaveProperty('disabled', false);
  });

  it('names each refused file with its reason; “Am înțeles” dismisses them', () => {
    const h = setup({
      images: [],
      refused: [
        { name: 'poza.png', reason: 'Poți încărca doar imagini în format JPG/JPEG' },
        { name: 'mare.jpg', reason: 'Fiecare imagine trebuie să fie mai mică de 5MB' },
      ],
    });
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('2 fișiere nu au fost adăugate:')).toBeTruthy();
    expect(alert.textContent).toContain('poza.png: Poți încărca doar imagini în format JPG/JPEG');
    expect(alert.textContent).toContain('mare.jpg: Fiecare imagine trebuie să fie mai mică de 5MB');
    fireEvent.click(within(alert).getByRole('button', { name: 'Am înțeles' }));
    expect(h.onDismissRefused).toHaveBeenCalled();
    cleanup();
    setup({
      images: [],
      refused: [{ name: 'x.gif', reason: 'Poți încărca doar imagini în format JPG/JPEG' }],
    });
    expect(screen.getByText('Un fișier nu a fost adăugat:')).toBeTruthy();
  });

  it('says how many photos are still being prepared, before any upload line', () => {
    setup({ images: [], preparing: 3, uploads: uploads({}, { count: 2, done: 2, totalBytes: 500_000 }) });
    expect(screen.getByText('Se pregătesc 3 fotografii…')).toBeTruthy();
    cleanup();
    setup({ images: [], preparing: 1 });
    expect(screen.getByText('Se pregătesc 1 fotografie…')).toBeTruthy();
  });

  it('shows each new photo’s upload: waiting, percent sent, done, failed with a retry', () => {
    const photos = [newImage(jpeg()), newImage(jpeg()), newImage(jpeg()), newImage(jpeg())];
    const id = (i: number) => (photos[i]!.kind === 'new' ? photos[i]!.photoId : '');
    const u = uploads(
      {
        [id(0)]: { state: 'done', sent: 100, total: 100 },
        [id(1)]: { state: 'sending', sent: 250, total: 1000 },
        [id(2)]: { state: 'waiting', sent: 0, total: 100 },
        [id(3)]: { state: 'failed', sent: 0, total: 100, error: 'Nu ești conectat', retryable: true },
      },
      { count: 4, done: 1, failed: 1, offline: 0, sentBytes: 350_000, totalBytes: 1_300_000 },
    );
    setup({ images: photos, uploads: u });
    expect(screen.getByText('✓ Încărcată')).toBeTruthy();
    expect(screen.getByText('Se încarcă 25%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Încărcarea imaginii 2' }).getAttribute('value')).toBe(
      '25',
    );
    expect(screen.getByText('În așteptare')).toBeTruthy();
    expect(screen.getByText('Se încarcă 3 din 4 · 350 kB din 1,3 MB')).toBeTruthy();
    // A photo on its way is cancelled, the others removed.
    expect(screen.getByRole('button', { name: 'Elimină imaginea 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anulează încărcarea imaginii 2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anulează încărcarea imaginii 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă încărcarea imaginii 4' }));
    expect(u.retry).toHaveBeenCalledWith(id(3));
  });

  it('offline, a photo waiting in the publish says it will go up when the connection is back (issue 45)', () => {
    const photos = [newImage(jpeg()), newImage(jpeg())];
    const id = (i: number) => (photos[i]!.kind === 'new' ? photos[i]!.photoId : '');
    const noAnswer = { state: 'failed', sent: 0, total: 100, retryable: true, network: true } as const;
    const states = { [id(0)]: { ...noAnswer, error: 'Nu ești conectat' }, [id(1)]: { ...noAnswer } };
    // Online (a dropped request the app did not see as a lost link): a failure, with its retry.
    setup({ images: photos, uploads: uploads(states, { count: 2, failed: 2, totalBytes: 600_000 }) });
    expect(screen.getAllByText('Neîncărcată')).toHaveLength(2);
    cleanup();
    const u = uploads(
      states,
      { count: 2, done: 0, failed: 2, offline: 2, sentBytes: 0, totalBytes: 600_000 },
      true,
    );
    setup({ images: photos, uploads: u });
    expect(screen.getAllByText('Se va încărca când revine internetul')).toHaveLength(2);
    expect(
      screen.getByText(
        'Fără conexiune: 2 fotografii se vor încărca automat când revine internetul · 0 kB din 600 kB',
      ),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Neîncărcată|nu au putut fi încărcate/);
    // A link that stalled while the app thought it online: the seller may still send it now.
    fireEvent.click(screen.getByRole('button', { name: 'Reîncearcă încărcarea imaginii 2' }));
    expect(u.retry).toHaveBeenCalledWith(id(1));
  });

  it('an edit (no uploads) shows no upload badge, even for new photos', () => {
    setup({ images: [newImage(jpeg()), storedImage('/uploads/a.jpg')], uploads: null });
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Elimină imaginea 1' })).toBeTruthy();
  });
});
