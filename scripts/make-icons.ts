/**
 * Generates the PWA icons in pwa/public/icons from the Hobbiz mark (the same drawing as favicon.svg).
 * Run once after changing the mark: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../pwa/public/icons/', import.meta.url));
const TEAL = '#0f766e';

/** The mark on a 32-unit grid: a rounded square with a white 'H'. */
function mark(size: number, opts: { rounded: boolean; scale: number }): string {
  // The 'H' is drawn in the middle `scale` share of the canvas; maskable icons keep it inside the safe zone.
  const unit = (size * opts.scale) / 32;
  const offset = (size - 32 * unit) / 2;
  const radius = opts.rounded ? size * (9 / 32) : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${radius}" fill="${TEAL}"/>
  <g transform="translate(${offset} ${offset}) scale(${unit})">
    <path d="M10 8v16M22 8v16M10 16h12" stroke="#fff" stroke-width="3.2" stroke-linecap="round" fill="none"/>
  </g>
</svg>`;
}

async function write(name: string, svg: string): Promise<void> {
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(`${OUT}${name}`);
  console.log(`scris ${name}`);
}

await mkdir(OUT, { recursive: true });
await write('icon-192.png', mark(192, { rounded: true, scale: 1 }));
await write('icon-512.png', mark(512, { rounded: true, scale: 1 }));
// Maskable: full-bleed background, the 'H' well inside the central 80 % safe circle.
await write('maskable-512.png', mark(512, { rounded: false, scale: 0.8 }));
