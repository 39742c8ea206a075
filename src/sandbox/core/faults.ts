// Fault injection: a spec such as
//   "429=0.1,503=0.05,500=0.02,502=0.02,reset=0.05,cut=0.02,hang=0.01,latency=5-50,seed=42,retryAfter=0"
// gives, per /v1 request, the probability of each fault, a latency added to
// every request (ms, or a range drawn uniformly), a PRNG seed that makes the
// sequence of decisions reproducible, and the Retry-After of a 429 (seconds).
//
// A fault is decided before the request is handled, so a faulted request
// changes nothing, except `cut`: the request is handled (its change is
// applied) and the answer is cut in the middle, the client cannot know the
// outcome. The kinds:
//   429, 500, 502, 503, 504  that status with the API's error body
//                            (429 with Retry-After and X-RateLimit-*)
//   reset                    the connection is reset before any response
//   cut                      headers and part of the body, then the connection
//                            is destroyed (with no body: destroyed unanswered)
//   hang                     no answer at all, until the client gives up
import { randomInt } from 'node:crypto';
import { prng } from './ids.js';

export const FAULT_KINDS = ['429', '500', '502', '503', '504', 'reset', 'cut', 'hang'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  /** Probability per request of each kind; they add up to at most 1. */
  rates: Partial<Record<FaultKind, number>>;
  /** Added latency in ms: drawn uniformly from [min, max]. */
  latency: { min: number; max: number };
  /** Absent: a random seed (decisions differ from run to run). */
  seed?: number;
  /** Retry-After of a 429, in seconds. */
  retryAfter: number;
}

export interface FaultDecision {
  kind?: FaultKind;
  latencyMs: number;
}

const OTHER_KEYS = ['latency', 'seed', 'retryAfter'] as const;
const isKind = (k: string): k is FaultKind => (FAULT_KINDS as readonly string[]).includes(k);

/** Parses a fault spec; throws an Error that says what is wrong with it. */
export function parseFaults(text: string): FaultSpec {
  const spec: FaultSpec = { rates: {}, latency: { min: 0, max: 0 }, retryAfter: 0 };
  if (text.trim() === '') return spec;
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    const eq = entry.indexOf('=');
    if (eq <= 0) throw new Error(`fault entry "${entry}" is not key=value (e.g. 503=0.1)`);
    const key = entry.slice(0, eq).trim();
    const value = entry.slice(eq + 1).trim();
    if (seen.has(key)) throw new Error(`fault "${key}" is given twice`);
    seen.add(key);
    if (isKind(key)) {
      const rate = /^(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
      if (!(rate >= 0 && rate <= 1)) throw new Error(`the rate of fault "${key}" must be a number from 0 to 1, got "${value}"`);
      spec.rates[key] = rate;
    } else if (key === 'latency') {
      const m = /^(\d+)(?:-(\d+))?$/.exec(value);
      const min = m ? Number(m[1]) : NaN;
      const max = m ? Number(m[2] ?? m[1]) : NaN;
      if (!m || min > max || max > 600_000) throw new Error(`latency must be milliseconds (e.g. 5) or a range (e.g. 5-50) of at most 600000, got "${value}"`);
      spec.latency = { min, max };
    } else if (key === 'seed') {
      if (!/^-?\d+$/.test(value)) throw new Error(`seed must be a whole number, got "${value}"`);
      spec.seed = Number(value) >>> 0;
    } else if (key === 'retryAfter') {
      if (!/^\d+$/.test(value) || Number(value) > 3600) throw new Error(`retryAfter must be whole seconds from 0 to 3600, got "${value}"`);
      spec.retryAfter = Number(value);
    } else {
      throw new Error(`unknown fault "${key}"; known keys: ${[...FAULT_KINDS, ...OTHER_KEYS].join(', ')}`);
    }
  }
  const total = Object.values(spec.rates).reduce((a, b) => a + b, 0);
  if (total > 1 + 1e-9) throw new Error(`the fault rates add up to ${Number(total.toFixed(6))}; they must not exceed 1`);
  return spec;
}

/** Draws one decision per request from the spec's PRNG. */
export class FaultInjector {
  private readonly random: () => number;

  constructor(readonly spec: FaultSpec) {
    this.random = prng(spec.seed ?? randomInt(2 ** 32));
  }

  decide(): FaultDecision {
    const { min, max } = this.spec.latency;
    // Always two draws, so the fault sequence of a seed does not depend on the latency setting.
    const r = this.random();
    const l = this.random();
    const latencyMs = min + Math.floor(l * (max - min + 1));
    let acc = 0;
    for (const kind of FAULT_KINDS) {
      acc += this.spec.rates[kind] ?? 0;
      if (r < acc) return { kind, latencyMs };
    }
    return { latencyMs };
  }
}
