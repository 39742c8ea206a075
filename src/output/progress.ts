// The one live progress line of docplat (`37/619 done`, `pages 412/2000, files
// 37/120`, a download's MB, an OpenAPI document's processing state): on
// stderr, on a terminal only and not with --quiet; redrawn at most every
// `everyMs`, with the latest state drawn when that time comes (a long last
// step never leaves older counts on screen); cleared before other output on
// the terminal and at the end.
import type { Writable } from 'node:stream';

export class ProgressLine {
  private drawn = false;
  private last = 0;
  private latest = '';
  private pending?: NodeJS.Timeout;

  constructor(
    private readonly err: Writable,
    /** Whether a person watches stderr (a terminal, and no --quiet). */
    readonly on: boolean,
    private readonly everyMs = 100,
  ) {}

  /** Shows `text`: at once when `now` or when the last draw is old enough, else when that time comes. */
  show(text: string, now = false): void {
    if (!this.on) return;
    this.latest = text;
    const wait = this.everyMs - (Date.now() - this.last);
    if (now || wait <= 0) return this.draw();
    this.pending ??= setTimeout(() => this.draw(), wait).unref();
  }

  /** Removes the line (before other output on the terminal, and at the end). */
  clear(): void {
    clearTimeout(this.pending);
    this.pending = undefined;
    if (this.drawn) this.err.write('\r\x1b[K');
    this.drawn = false;
  }

  private draw(): void {
    clearTimeout(this.pending);
    this.pending = undefined;
    this.last = Date.now();
    this.err.write(`\r\x1b[K${this.latest}`);
    this.drawn = true;
  }
}

/** The progress line of a command: shown when a person watches stderr (a terminal, and no --quiet). */
export function progressLine(ctx: { io: { stderr: Writable; stderrTTY: boolean }; globals: { quiet?: boolean } }, everyMs?: number): ProgressLine {
  return new ProgressLine(ctx.io.stderr, ctx.io.stderrTTY && !ctx.globals.quiet, everyMs);
}
