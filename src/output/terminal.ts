// The one writer for the terminal, besides the data on stdout: every note,
// warning, error line, progress line, prompt message, picker choice and
// confirmation of docplat goes through a Terminal, which shows control
// characters as escapes. Text from the API (titles, names, messages, states)
// is untrusted: written raw, an escape sequence could set the clipboard (OSC
// 52), retitle the window, plant a link, clear or redraw the screen, or a
// bidi override could show "invoice\u202efdp.exe" as "invoiceexe.pdf".
// The only escape sequences docplat itself writes on stderr are the progress
// line's own ("\r\x1b[K"), written here and nowhere else.
// A server may also quote the token back (an error message, a body): every
// token a client of the command was made with is masked here, on stderr,
// and in the data the formatter writes on stdout (see mask()).
import type { Writable } from 'node:stream';

/** C0 (but \n and \t, handled apart), DEL, C1 (U+009B is an 8-bit CSI), and the bidi embeddings, overrides and isolates. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/**
 * API data shown to a person: control characters (C0, DEL, C1) and the
 * bidirectional overrides are written as escapes, so that no title can move
 * the cursor, recolour, retitle or clear the terminal, or split a row.
 * `keepLines` leaves newlines and tabs of free text alone.
 */
export function escapeControls(s: string, keepLines = false): string {
  return s.replace(CONTROLS, (ch) => {
    if (keepLines && (ch === '\n' || ch === '\t')) return ch;
    if (ch === '\n') return '\\n';
    if (ch === '\t') return '\\t';
    if (ch === '\r') return '\\r';
    const code = ch.charCodeAt(0);
    return code > 0xff ? `\\u{${code.toString(16)}}` : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}

/** Whether `s` holds a character escapeControls() would escape (a newline or a tab too). */
export function hasControls(s: string): boolean {
  return new RegExp(CONTROLS.source).test(s);
}

/**
 * JSON that is safe on a terminal: JSON.stringify already writes C0 as
 * \u escapes; DEL, C1, the bidi controls and the line separators it leaves
 * raw are written as \u escapes too (the same JSON value: such characters
 * can only stand inside strings).
 */
export function terminalJson(value: unknown, space?: number): string {
  // eslint-disable-next-line no-control-regex
  return JSON.stringify(value, null, space).replace(/[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface TerminalOptions {
  /** Whether the stream is a terminal (progress lines are drawn only there). */
  tty: boolean;
  /** --quiet: no notes (warnings and errors are still written). */
  quiet: boolean;
  /**
   * Scripts asked for JSON (--json, --jsonl, --output json): every line is a
   * JSON object, a message `{"note": "<its lines>"}` (a progress line, drawn on a
   * terminal only, is erased and leaves no line).
   */
  json?: boolean;
}

/** A choice of a picker: `name` is shown (escaped here), `value` is returned. */
export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

/** Tokens shorter than this are not masked: none is that short, and masking a word such as "tok" would garble every message. */
const MIN_SECRET = 5;
const MASK = '***';

export class Terminal {
  /** Whether a progress line is on screen (cleared before any other line). */
  private drawn = false;
  /** The secrets never shown, and the forms a server may quote them in (JSON-escaped, percent-encoded), longest first. */
  private secrets: string[] = [];

  constructor(
    private readonly stream: Writable,
    readonly opts: TerminalOptions,
  ) {}

  /** Whether a person watches this stream: a terminal, and no --quiet. */
  get watched(): boolean {
    return this.opts.tty && !this.opts.quiet;
  }

  /** A secret (the token a client sends) that nothing written through this terminal, or the formatter on stdout, shows: it becomes `***`. */
  hide(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET) return;
    const forms = [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)];
    this.secrets = [...new Set([...this.secrets, ...forms])].sort((a, b) => b.length - a.length);
  }

  /** `text` with every hidden secret as `***`: for text that reaches a person or a script (stdout too, see Output). */
  mask(text: string): string {
    for (const s of this.secrets) if (text.includes(s)) text = text.replaceAll(s, MASK);
    return text;
  }

  /** Text shown to a person: secrets masked, control characters escaped. */
  private shown(text: string, keepLines = false): string {
    return escapeControls(this.mask(text), keepLines);
  }

  /**
   * Writes a message: a string is one line (every control character escaped,
   * a newline in it too); an array is a message of several lines, each escaped.
   */
  line(text: string | readonly string[]): void {
    this.clearProgress();
    const lines = typeof text === 'string' ? [text] : text;
    if (this.opts.json) return this.json({ note: lines.join('\n') });
    this.stream.write(lines.map((l) => this.shown(l) + '\n').join(''));
  }

  /** A note for people (a summary, a hint): not with --quiet. */
  note(text: string | readonly string[]): void {
    if (!this.opts.quiet) this.line(text);
  }

  /** A JSON object on its own line (the `{"error": …}` of scripts), with no raw control character. */
  json(value: unknown): void {
    this.clearProgress();
    this.stream.write(this.mask(terminalJson(value)) + '\n');
  }

  /** Draws the progress line (see ProgressLine), replacing the previous one. */
  drawProgress(text: string): void {
    this.stream.write(`\r\x1b[K${this.shown(text)}`);
    this.drawn = true;
  }

  /** Removes the progress line, if one is drawn. */
  clearProgress(): void {
    if (this.drawn) this.stream.write('\r\x1b[K');
    this.drawn = false;
  }

  /**
   * Prompts on this terminal (answers read from `input`), cancelled by
   * `signal`: messages, defaults, choices and their descriptions are escaped
   * here, so no caller can pass API text through raw. A search's source
   * returns raw choices; they are escaped as they are shown.
   */
  async prompter(input: NodeJS.ReadableStream, signal: AbortSignal) {
    const p = await import('@inquirer/prompts');
    const streams = { input, output: this.stream, signal };
    const safe = <T>(choices: readonly Choice<T>[]) =>
      choices.map((c) => ({ name: this.shown(c.name), value: c.value, ...(c.description !== undefined ? { description: this.shown(c.description) } : {}) }));
    const before = () => this.clearProgress();
    return {
      password: (message: string) => (before(), p.password({ message: this.shown(message), mask: '*' }, streams)),
      select: <T>(message: string, choices: readonly Choice<T>[]) => (before(), p.select<T>({ message: this.shown(message), choices: safe(choices) }, streams)),
      confirm: (message: string) => (before(), p.confirm({ message: this.shown(message), default: false }, streams)),
      input: (message: string, opts: { default?: string; validate?: (value: string) => string | true } = {}) =>
        (before(),
        p.input(
          {
            message: this.shown(message),
            ...(opts.default !== undefined ? { default: this.shown(opts.default) } : {}),
            // A validation message may quote what was typed or API text.
            ...(opts.validate ? { validate: (v: string) => { const r = opts.validate!(v); return r === true ? true : this.shown(r); } } : {}),
          },
          streams,
        )),
      search: <T>(message: string, source: (term: string) => readonly Choice<T>[]) =>
        (before(), p.search<T>({ message: this.shown(message), source: (term) => safe(source(term ?? '')) }, streams)),
    };
  }
}

export type Prompter = Awaited<ReturnType<Terminal['prompter']>>;
