import { randomBytes } from 'node:crypto';

/** 24-hex ids whose first 8 characters are the creation time in seconds (ObjectId layout). */
export function newId(at: Date = new Date()): string {
  const seconds = Math.floor(at.getTime() / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}
