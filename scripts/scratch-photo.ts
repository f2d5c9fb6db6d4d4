import sharp from 'sharp';

const W = 1600,
  H = 1200;
function rng(seed: number) {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}
function valueNoise(out: Float32Array, cell: number, amp: number, rnd: () => number) {
  const gw = Math.ceil(W / cell) + 2,
    gh = Math.ceil(H / cell) + 2;
  const g = new Float32Array(gw * gh).map(() => (rnd() - 0.5) * amp);
  for (let y = 0; y < H; y++) {
    const fy = y / cell,
      y0 = Math.floor(fy),
      ty = fy - y0;
    for (let x = 0; x < W; x++) {
      const fx = x / cell,
        x0 = Math.floor(fx),
        tx = fx - x0;
      const a = g[y0 * gw + x0]!,
        b = g[y0 * gw + x0 + 1]!,
        c = g[(y0 + 1) * gw + x0]!,
        d = g[(y0 + 1) * gw + x0 + 1]!;
      out[y * W + x]! += (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty;
    }
  }
}
async function photo(hue: number, variant: number, detail: number) {
  const base = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,62%)"/><stop offset="1" stop-color="hsl(${hue + 60},60%,38%)"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/></svg>`,
    ),
  )
    .removeAlpha()
    .raw()
    .toBuffer();
  const rnd = rng(variant + 1);
  const lum = new Float32Array(W * H);
  for (const [cell, amp] of [
    [200, 90],
    [40, 40 * detail],
    [10, 30 * detail],
    [3, 16 * detail],
  ] as const)
    valueNoise(lum, cell, amp, rnd);
  for (let p = 0, i = 0; p < W * H; p++, i += 3)
    for (let c = 0; c < 3; c++) base[i + c] = Math.max(0, Math.min(255, base[i + c]! + lum[p]!));
  return sharp(base, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}
for (const detail of [1.5, 2, 2.5, 3]) {
  const t = Date.now();
  const b = await photo(30, 7, detail);
  const full = await sharp(b).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  const v = await sharp(b).resize(320).webp({ quality: 70 }).toBuffer();
  const v6 = await sharp(b).resize(640).webp({ quality: 70 }).toBuffer();
  console.log(
    detail,
    'device',
    Math.round(b.length / 1024),
    'stored',
    Math.round(full.length / 1024),
    'kB webp320',
    Math.round(v.length / 1024),
    'webp640',
    Math.round(v6.length / 1024),
    Date.now() - t,
    'ms',
  );
}
