// The one live progress line of docplat (`37/619 done`, `pages 412/2000, files
// 37/120`, a download's MB, an OpenAPI document's processing state): on
// stderr, on a terminal only and not with --quiet; redrawn at most every
// `everyMs`, with the latest state drawn when that time comes (a long last
// step never leaves older counts on screen); cleared before other output on
// the terminal and at the end. It is drawn by the Terminal (src/output/terminal.ts),
// which escapes its text: a file name or a processing state from the API is untrusted.
import type { Terminal } from './terminal.js';

export class ProgressLine {
  private last = 0;
  private latest = '';
  private pending?: NodeJS.Timeout;

  constructor(
    private readonly terminal: Terminal,
    private readonly everyMs = 100,
  ) {}

  /** Whether the line is shown at all (a person watches stderr: a terminal, and no --quiet). */
  get on(): boolean {
    return this.terminal.watched;
  }

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
    this.terminal.clearProgress();
  }

  private draw(): void {
    clearTimeout(this.pending);
    this.pending = undefined;
    this.last = Date.now();
    this.terminal.drawProgress(this.latest);
  }
}

/** The progress line of a command: shown when a person watches stderr (a terminal, and no --quiet). */
export function progressLine(ctx: { terminal: Terminal }, everyMs?: number): ProgressLine {
  return new ProgressLine(ctx.terminal, everyMs);
}
