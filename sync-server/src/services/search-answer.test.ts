import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, COMPRESS_THRESHOLD, pageBody } from './search-answer.ts';

describe("a search page's bytes (made where the search ran)", () => {
  it('picks the higher q, brotli on a tie, honours q=0 and *, and none for identity or nothing', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding(['gzip', 'br'])).toBe('br');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('BR;Q=0.1')).toBe('br');
    expect(acceptedEncoding('br;q=0.2, gzip;q=0.9')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0.5, *;q=0.8')).toBe('br');
    expect(acceptedEncoding('br;q=abc, gzip')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('')).toBeNull();
  });

  it('compresses an answer worth it, and sends a small one as it is', () => {
    const answer = { items: Array.from({ length: 40 }, (_, i) => ({ title: `Lecții de chitară ${i}` })) };
    const json = JSON.stringify(answer);
    expect(json.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    const br = pageBody(answer, 'br');
    expect(br.encoding).toBe('br');
    expect(br.body.byteLength).toBeLessThan(json.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(json);
    const gz = pageBody(answer, 'gzip');
    expect(gunzipSync(gz.body).toString()).toBe(json);
    expect(Buffer.from(pageBody(answer, null).body).toString()).toBe(json);
    const small = pageBody({ items: [] }, 'br');
    expect(small).toEqual({ body: new Uint8Array(Buffer.from('{"items":[]}')), encoding: null });
    // Its own bytes, not a view of Node's shared pool (a thread's answer copies its whole buffer).
    expect(small.body.buffer.byteLength).toBe(small.body.byteLength);
  });
});
