// Ids, tokens and the seedable PRNG of the sandbox. Everything a seed makes
// is deterministic (ids come from a counter through makeId(), other values
// from prng()), except the token: random for each new state, kept in its file.
import { createHash, randomBytes } from 'node:crypto';

export type SeedName = 'demo' | 'empty';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A small, fast, seedable PRNG (mulberry32): numbers in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The n-th id of a state: 20 characters of [A-Za-z0-9], like the platform's
 * ids. The seed transform is a bijection on 32 bits, so distinct n give
 * distinct streams.
 */
export function makeId(n: number): string {
  const next = prng(Math.imul(n + 1, 0x9e3779b1) ^ 0x5bd1e995);
  let id = '';
  for (let i = 0; i < 20; i++) id += ALPHABET[Math.floor(next() * 62)];
  return id;
}

/** `dps_sandbox_` and 32 hex digits: a shape no other output has by chance. Random: each new state has its own. */
export function newToken(): string {
  return `dps_sandbox_${randomBytes(16).toString('hex')}`;
}

/** The token every state had before tokens were random: it tells an old state's seed. */
export function seedToken(seed: SeedName): string {
  return `dps_sandbox_${createHash('sha256').update(`docplat sandbox token: ${seed}`).digest('hex').slice(0, 32)}`;
}

/** The counter behind makeId(): persisted, so ids never repeat across save and load. */
export class Seq {
  constructor(public value = 0) {}

  /** The next id. */
  id(): string {
    return makeId(this.value++);
  }
}

/** Creation dates of seeded records start here. */
export const SEED_BASE_TIME = Date.UTC(2024, 0, 8, 9, 0, 0);

/** Seeded draws: whole numbers, and times after the base date. */
export class Draws {
  private readonly random: () => number;

  constructor(seed: number) {
    this.random = prng(seed);
  }

  int(max: number): number {
    return Math.floor(this.random() * max);
  }

  /** A time (ms) within `days` after `after`. */
  time(days: number, after = SEED_BASE_TIME): number {
    return after + this.int(days * 24) * 3_600_000 + this.int(3600) * 1000;
  }
}
