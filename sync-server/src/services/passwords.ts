import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * Password hashes are the most expensive thing a client can ask for (16 MiB and ~50 ms of a core each),
 * and anyone may ask (sign-in, registration). At most one runs per core but one, and a bounded number
 * wait (QUEUE); past that a
 * request is refused at once (PasswordBusyError → 503 with Retry-After) instead of queueing without end
 * while every other request waits for the thread pool (issue 21, item 1).
 */
export class PasswordBusyError extends Error {
  constructor() {
    super('password hashing queue full');
  }
}

/** Hashes running: one core is left to the event loop (sockets, health) when there are two or more. */
const SLOTS = Math.max(1, availableParallelism() - 1);
/**
 * Hashes waiting: 16 per core, about 2 s of work at ~50–100 ms a hash — a burst of people registering at
 * once (20 in the durability test) waits its turn; past that the server is really busy and says so.
 * Sign-in floods never get this far: attempts are metered before they reach a hash (login-throttle.ts).
 */
const QUEUE = 16 * availableParallelism();
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) {
    if (waiting.length >= QUEUE) throw new PasswordBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running += 1;
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** Hashes running and waiting (tests, health). */
export const passwordWork = () => ({ running, waiting: waiting.length, slots: SLOTS, queue: QUEUE });

// scrypt is memory-hard (N·r·128 bytes = 16 MiB per hash) and ships with Node: no native addon to build.
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEYLEN = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return withSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEYLEN, opts, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the account does not exist, so timing does not reveal which emails exist. */
export const DUMMY_HASH = await hashPassword(randomBytes(12).toString('hex'));
