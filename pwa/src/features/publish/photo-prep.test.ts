import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../schema/constants.ts';
import { ANNOUNCEMENT_MESSAGES as M } from '../../../../schema/rules/announcement.ts';
import { byteProblem } from './photo-prep.ts';
import { fitInside } from './photo-shrink.ts';

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
