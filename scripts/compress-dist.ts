import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Precompresses the built text assets once (brotli at max quality, gzip -9); the server sends them as-is.
const dist = process.env.STATIC_DIR ? resolve(process.env.STATIC_DIR) : join(process.cwd(), 'dist');
const TEXT = /\.(js|css|html|svg|webmanifest|json|txt)$/;
let raw = 0;
let br = 0;
function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (TEXT.test(name)) {
      const data = readFileSync(path);
      if (data.length < 1024) continue;
      const b = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${path}.br`, b);
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      raw += data.length;
      br += b.length;
    }
  }
}
walk(dist);
console.log(`[compress] ${(raw / 1024).toFixed(0)} kB of text → ${(br / 1024).toFixed(0)} kB brotli`);
