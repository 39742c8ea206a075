// The sandbox clock: real time plus an offset that tests and users move
// (POST /_sandbox/clock) and that persists with the state.
export const DAY = 86_400_000;

export const iso = (ms: number): string => new Date(ms).toISOString();

export class Clock {
  constructor(public offsetMs = 0) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }

  /** Now as an ISO date-time. */
  nowIso(): string {
    return iso(this.now());
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms)) throw new RangeError('the clock moves by a finite number of milliseconds');
    this.offsetMs += ms;
  }
}
