import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../../../schema/constants.ts';
import { ANNOUNCEMENT_MESSAGES as M } from '../../../../schema/rules/announcement.ts';
import { byteProblem, preparePhotos } from './photo-prep.ts';
import { DEVICE_JPEG_QUALITY, fitInside, shrinkPhoto } from './photo-shrink.ts';

/** The rules of the device's photo step that need no canvas (the resize itself: e2e/photo-upload.e2e.ts). */
describe('fitInside', () => {
  it('brings the long side to the limit, keeps proportions, never enlarges', () => {
    expect(fitInside(4000, 3000, LIMITS.imageMaxEdge)).toEqual({ width: 1600, height: 1200 });
    expect(fitInside(3000, 4000, LIMITS.imageMaxEdge)).toEqual({ width: 1200, height: 1600 });
    expect(fitInside(8000, 1000, 1600)).toEqual({ width: 1600, height: 200 });
    expect(fitInside(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    expect(fitInside(10_000, 3, 1600)).toEqual({ width: 1600, height: 1 });
  });
});

describe('byteProblem', () => {
  const jpeg = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#804020' } })
      .jpeg()
      .toBuffer();

  it('accepts a real JPEG', async () => {
    expect(byteProblem(await jpeg(64, 48))).toBeNull();
  });

  it('refuses what only has a .jpg name, a PNG, and a JPEG cut before its frame header', async () => {
    expect(byteProblem(new TextEncoder().encode('nu este o fotografie'))).toBe(M.imagesJpeg);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(byteProblem(png)).toBe(M.imagesJpeg);
    expect(byteProblem((await jpeg(64, 48)).subarray(0, 20))).toBe(M.imagesJpeg);
  });

  it('refuses a frame header claiming more pixels than we decode, before any decode', async () => {
    const bytes = Buffer.from(await jpeg(16, 16));
    // Rewrite the SOF0 size to 50,000 × 50,000 (2.5 gigapixels).
    for (let i = 2; i < bytes.length; ) {
      const marker = bytes[i + 1]!;
      if (marker === 0xc0) {
        bytes.writeUInt16BE(50_000, i + 5);
        bytes.writeUInt16BE(50_000, i + 7);
        break;
      }
      i += 2 + bytes.readUInt16BE(i + 2);
    }
    expect(byteProblem(bytes)).toBe(M.imageTooManyPixels);
  });
});

/**
 * The canvas is a browser API Node lacks: `createImageBitmap` and `OffscreenCanvas` are stubbed at that
 * edge, recording what the resize asked for. With no Worker here, photos are made small on the page.
 */
type Drawn = { width: number; height: number; type?: string; quality?: number; closed: boolean };
function fakeCanvas(
  opts: { size?: { width: number; height: number }; decodeFails?: boolean; no2d?: boolean } = {},
) {
  const drawn: Drawn[] = [];
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (_blob: Blob, options: { imageOrientation?: string }) => {
      if (opts.decodeFails) throw new DOMException('cannot decode', 'InvalidStateError');
      expect(options.imageOrientation).toBe('from-image');
      const entry: Drawn = { width: 0, height: 0, closed: false };
      drawn.push(entry);
      const size = opts.size ?? { width: 4000, height: 3000 };
      return { ...size, close: () => (entry.closed = true) };
    }),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(
        readonly width: number,
        readonly height: number,
      ) {
        Object.assign(drawn.at(-1)!, { width, height });
      }
      getContext() {
        return opts.no2d
          ? null
          : { drawImage: () => {}, imageSmoothingEnabled: false, imageSmoothingQuality: 'low' };
      }
      async convertToBlob({ type, quality }: { type: string; quality: number }) {
        Object.assign(drawn.at(-1)!, { type, quality });
        return new Blob([`small ${this.width}x${this.height}`], { type });
      }
    },
  );
  return drawn;
}

describe('shrinkPhoto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('draws at most imageMaxEdge px on the long side, as JPEG at the device quality', async () => {
    const drawn = fakeCanvas({ size: { width: 3000, height: 4000 } });
    const out = await shrinkPhoto(new Blob(['x']));
    expect(out).toMatchObject({ width: 1200, height: LIMITS.imageMaxEdge });
    expect(out.blob.type).toBe('image/jpeg');
    expect(drawn).toEqual([
      { width: 1200, height: 1600, type: 'image/jpeg', quality: DEVICE_JPEG_QUALITY, closed: true },
    ]);
  });

  it('closes the decoded bitmap even when drawing fails', async () => {
    const drawn = fakeCanvas({ no2d: true });
    await expect(shrinkPhoto(new Blob(['x']))).rejects.toThrow('no 2d context');
    expect(drawn[0]?.closed).toBe(true);
  });
});

describe('preparePhotos', () => {
  afterEach(() => vi.unstubAllGlobals());
  const file = async (name: string, w = 64, h = 48, type = 'image/jpeg') =>
    new File([new Uint8Array(await jpegBytes(w, h))], name, { type });
  const jpegBytes = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();

  it('keeps the order picked and returns only the small copies', async () => {
    fakeCanvas();
    const { accepted, refused } = await preparePhotos([await file('a.jpg'), await file('b.jpeg')], 0);
    expect(refused).toEqual([]);
    expect(accepted).toHaveLength(2);
    expect(await accepted[0]!.text()).toBe('small 1600x1200');
    expect(accepted.every((b) => b.type === 'image/jpeg')).toBe(true);
  });

  it('refuses each bad file by name with the spec’s message; the good ones still join', async () => {
    fakeCanvas();
    const png = new File([new Uint8Array(8)], 'poza.png', { type: 'image/png' });
    const liar = new File([new TextEncoder().encode('nu este o fotografie')], 'fals.jpg', {
      type: 'image/jpeg',
    });
    const huge = new File([new Uint8Array(LIMITS.imageMaxBytes)], 'mare.jpg', { type: 'image/jpeg' });
    const { accepted, refused } = await preparePhotos([png, await file('bun.jpg'), liar, huge], 0);
    expect(accepted).toHaveLength(1);
    expect(refused).toEqual([
      { name: 'poza.png', reason: 'Poți încărca doar imagini în format JPG/JPEG' },
      { name: 'fals.jpg', reason: 'Poți încărca doar imagini în format JPG/JPEG' },
      { name: 'mare.jpg', reason: 'Fiecare imagine trebuie să fie mai mică de 5MB' },
    ]);
  });

  it('past the limit of photos, the extra files are refused with “maxim 10”', async () => {
    fakeCanvas();
    const files = [await file('8.jpg'), await file('9.jpg'), await file('10.jpg'), await file('11.jpg')];
    const { accepted, refused } = await preparePhotos(files, LIMITS.imagesMax - 2);
    expect(accepted).toHaveLength(2);
    expect(refused).toEqual([
      { name: '10.jpg', reason: 'Poți adăuga maxim 10 imagini per anunț' },
      { name: '11.jpg', reason: 'Poți adăuga maxim 10 imagini per anunț' },
    ]);
    expect((await preparePhotos([await file('x.jpg')], LIMITS.imagesMax)).refused[0]?.reason).toBe(
      M.imagesMax,
    );
  });

  it('a bad file does not take a place: the limit counts only kept photos', async () => {
    fakeCanvas();
    const liar = new File([new Uint8Array([1, 2, 3])], 'fals.jpg', { type: 'image/jpeg' });
    const { accepted, refused } = await preparePhotos([liar, await file('ultima.jpg')], LIMITS.imagesMax - 1);
    expect(accepted).toHaveLength(1);
    expect(refused.map((r) => r.name)).toEqual(['fals.jpg']);
  });

  it('a JPEG the browser cannot decode is refused by name, not thrown', async () => {
    fakeCanvas({ decodeFails: true });
    const { accepted, refused } = await preparePhotos([await file('stricat.jpg')], 0);
    expect(accepted).toEqual([]);
    expect(refused).toEqual([{ name: 'stricat.jpg', reason: M.imagesJpeg }]);
  });
});
