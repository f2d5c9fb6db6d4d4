import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { AnnouncementApi } from '../../../schema/entities.ts';
import type { FoundRow } from '../repositories/search-page.ts';
import type { AssistedResult } from './search-assist.ts';

/**
 * The REST answer of one search page (`GET /api/announcements/search`, schema/api/announcements.ts:
 * searchPage) made where the search ran: on a search thread (search-worker.ts) the seller cards are read
 * from its own connection, the JSON is written and compressed there, so the event loop that carries every
 * socket only writes bytes (issue 20: at ~190 searches/s the loop spent ~2.5 ms an answer on cards, JSON
 * and compression, and `/api/health` queued behind them). In the main thread (PostgreSQL, tests) the body
 * is left uncompressed for @fastify/compress, whose zlib streams do not block the loop.
 */
export type PageEncoding = 'br' | 'gzip';
export type PageBody = { body: Uint8Array; encoding: PageEncoding | null };

/** Below this size a body is sent as it is (as app.ts tells @fastify/compress). */
export const COMPRESS_THRESHOLD = 1024;

/** Brotli as app.ts configures @fastify/compress: text mode, quality 2 (docs/decisions.md). */
const BROTLI = {
  params: {
    [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    [zlibConstants.BROTLI_PARAM_QUALITY]: 2,
  },
};

/**
 * What the client accepts of ours (`Accept-Encoding`): the higher q, brotli on a tie, `q=0` refusing
 * one, `*` accepting any; null for none (or identity only).
 */
export function acceptedEncoding(header: string | string[] | undefined): PageEncoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = weight === undefined ? 1 : Number(weight.slice(2));
    if (name) q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: PageEncoding) => q.get(name) ?? q.get('*') ?? 0;
  const [br, gzip] = [weight('br'), weight('gzip')];
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** The page as the searchPage schema shapes it: items with their seller cards, cursor, total, correction. */
export async function pageAnswer(
  found: AssistedResult,
  toApi: (rows: FoundRow[]) => Promise<AnnouncementApi[]>,
) {
  const { rows, nextCursor, total, totalCapped, correctedQuery, partialFrom } = found;
  return {
    items: await toApi(rows),
    nextCursor,
    total,
    totalCapped,
    ...(correctedQuery === undefined ? {} : { correctedQuery }),
    ...(partialFrom === undefined ? {} : { partialFrom }),
  };
}

/** The answer's bytes: JSON, compressed with `encoding` when asked and worth it (synchronous: a thread's). */
export function pageBody(answer: unknown, encoding: PageEncoding | null): PageBody {
  const json = Buffer.from(JSON.stringify(answer));
  if (encoding === null || json.byteLength < COMPRESS_THRESHOLD) return { body: own(json), encoding: null };
  return { body: own(encoding === 'br' ? brotliCompressSync(json, BROTLI) : gzipSync(json)), encoding };
}

/**
 * The bytes in an array buffer of their own: a Buffer may be a view of a shared pool, which a thread's
 * answer would copy whole.
 */
const own = (b: Buffer): Uint8Array => new Uint8Array(b);

/** A body as the route sends it (a thread's answer arrives as a plain Uint8Array). */
export const asBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
