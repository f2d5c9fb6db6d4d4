import { describe, expect, it } from 'vitest';
import { objectId } from './entities.ts';
import { createdAtFromId, ID_PATTERN, newId } from './ids.ts';

describe('newId', () => {
  it('is 24 hex characters that the entity schemas accept', () => {
    const id = newId();
    expect(id).toMatch(ID_PATTERN);
    expect(objectId.safeParse(id).success).toBe(true);
  });

  it('starts with the creation time in seconds, which createdAtFromId reads back', () => {
    const at = Date.parse('2026-11-25T03:00:07.900Z');
    expect(newId(at).slice(0, 8)).toBe((at / 1000 - 0.9).toString(16));
    expect(createdAtFromId(newId(new Date(at)))).toBe('2026-11-25T03:00:07.000Z');
  });

  it('differs between two ids made in the same second', () => {
    const at = Date.now();
    expect(new Set(Array.from({ length: 50 }, () => newId(at))).size).toBe(50);
  });
});

describe('createdAtFromId', () => {
  it('reads the first 8 hex characters as seconds since the epoch', () => {
    expect(createdAtFromId('68bacd00aaaaaaaaaaaaaaaa')).toBe(new Date(0x68bacd00 * 1000).toISOString());
    expect(createdAtFromId('00000000ffffffffffffffff')).toBe('1970-01-01T00:00:00.000Z');
    expect(createdAtFromId('5f5e1000aaaaaaaaaaaaaaaa')).toBe('2020-09-13T12:26:40.000Z');
  });

  it('is empty for an id that does not start with hex', () => {
    expect(createdAtFromId('tmp-123')).toBe('');
  });
});
