import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageSrcSet, imageVariant, normalizeImagePath } from './images.ts';

describe('normalizeImagePath', () => {
  it('passes http(s) URLs and /uploads paths through', () => {
    expect(normalizeImagePath('https://cdn.example.ro/a/b.jpg')).toBe('https://cdn.example.ro/a/b.jpg');
    expect(normalizeImagePath('http://example.ro/x.jpg')).toBe('http://example.ro/x.jpg');
    expect(normalizeImagePath('/uploads/2025/09/poza.jpg')).toBe('/uploads/2025/09/poza.jpg');
  });

  it('places a bare name or any other path under /uploads/, keeping the file name only', () => {
    expect(normalizeImagePath('poza.jpg')).toBe('/uploads/poza.jpg');
    expect(normalizeImagePath('uploads/poza.jpg')).toBe('/uploads/poza.jpg');
    expect(normalizeImagePath('C:\\server\\uploads\\poza.jpg')).toBe('/uploads/poza.jpg');
    expect(normalizeImagePath('/var/www/poza.jpg')).toBe('/uploads/poza.jpg');
  });

  it('leaves empty values and local previews alone', () => {
    expect(normalizeImagePath('')).toBe('');
    expect(normalizeImagePath('blob:http://localhost/123')).toBe('blob:http://localhost/123');
  });
});

describe('imageVariant', () => {
  it('names the WebP variant next to a local original', () => {
    expect(IMAGE_WIDTHS).toEqual([320, 640]);
    expect(imageVariant('/uploads/2025/09/poza.jpg', 320)).toBe('/uploads/2025/09/poza-320.webp');
    expect(imageVariant('/uploads/poza.v2.jpeg', 640)).toBe('/uploads/poza.v2-640.webp');
    expect(imageVariant('poza.jpg', 640)).toBe('/uploads/poza-640.webp');
    expect(imageVariant('/uploads/fara-extensie', 320)).toBe('/uploads/fara-extensie-320.webp');
  });

  it('returns external URLs unchanged', () => {
    expect(imageVariant('https://cdn.example.ro/poza.jpg', 320)).toBe('https://cdn.example.ro/poza.jpg');
  });
});

describe('imageSrcSet', () => {
  it('lists both variants with width descriptors', () => {
    expect(imageSrcSet('/uploads/poza.jpg')).toBe('/uploads/poza-320.webp 320w, /uploads/poza-640.webp 640w');
  });

  it('is empty for external URLs', () => {
    expect(imageSrcSet('https://cdn.example.ro/poza.jpg')).toBe('');
    expect(imageSrcSet('')).toBe('');
  });
});
