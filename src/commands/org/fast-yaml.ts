// A fast reader for the plain block YAML that `org pull` writes and people
// usually write by hand: mappings and lists by indentation, plain and quoted
// one-line scalars, literal blocks (`|`, `|-`), `[]` and `{}`, comments on
// their own lines. It gives the same values as the yaml package (YAML 1.2
// core schema) or nothing: anything else (anchors, flow collections, tags,
// multi-line quotes, a duplicate key, a tab) is left to the yaml package,
// which also gives the line and column of every error. A file of 20,000 lines
// is read in milliseconds instead of seconds.

import { MAX_DEPTH } from '../../api/limits.js';

interface Line {
  indent: number;
  text: string;
}

class Unsupported extends Error {}
const no = (): never => {
  throw new Unsupported();
};

/** Where each value (and each key, under `k:`) starts: `line:column`, by its path joined with NUL. */
export type Positions = Map<string, string>;

/** The value of the document and where its values are, or undefined when the yaml package must read it. */
export function readSimpleYaml(text: string, withPositions = true): { value: unknown; positions: Positions } | undefined {
  if (text.includes('\t')) return undefined;
  const raws = text.split('\n');
  const lines: (Line | null)[] = raws.map((raw) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const body = line.trimStart();
    return body === '' || body.startsWith('#') ? null : { indent: line.length - body.length, text: body.trimEnd() };
  });
  try {
    const r = new Reader(lines, raws, withPositions);
    return { value: r.document(), positions: r.positions };
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
}

class Reader {
  private i = 0;
  readonly positions: Positions = new Map();
  private at(path: string[], line: number, column: number, key = false): void {
    if (!this.track) return;
    this.positions.set(`${key ? 'k:' : ''}${path.join('\u0000')}`, `${line + 1}:${column + 1}`);
  }
  constructor(
    private readonly lines: (Line | null)[],
    private readonly raw: string[],
    /** Positions cost time: they are kept only when an error must be placed. */
    private readonly track: boolean,
  ) {}

  private peek(): Line | undefined {
    while (this.i < this.lines.length && this.lines[this.i] === null) this.i++;
    return this.lines[this.i] ?? undefined;
  }

  document(): unknown {
    let first = this.peek();
    if (first?.text === '---') {
      this.i++;
      first = this.peek();
    }
    if (!first) return null;
    if (first.indent !== 0) no();
    this.at([], this.i, 0);
    const value = this.block(0, []);
    if (this.peek()) no();
    return value;
  }

  /** The mapping or list whose lines start at `indent`. */
  private block(indent: number, path: string[]): unknown {
    // Deeper than JSON may nest: left to the yaml package's reading, which places the error.
    if (path.length >= MAX_DEPTH) no();
    const line = this.peek()!;
    return line.text === '-' || line.text.startsWith('- ') ? this.list(indent, path) : this.mapping(indent, path);
  }

  private list(indent: number, path: string[]): unknown[] {
    const out: unknown[] = [];
    for (let line = this.peek(); line && line.indent === indent && (line.text === '-' || line.text.startsWith('- ')); line = this.peek()) {
      const rest = line.text.slice(1).trimStart();
      const here = [...path, String(out.length)];
      const column = indent + (line.text.length - rest.length);
      this.at(here, this.i, rest === '' ? indent : column);
      this.i++;
      if (rest === '') {
        out.push(this.nested(indent, false, here));
      } else if (isKeyLine(rest)) {
        // `- key: value`: a mapping whose keys are at the column after the dash.
        this.lines[--this.i] = { indent: column, text: rest };
        out.push(this.mapping(column, here));
      } else {
        out.push(this.scalar(rest, indent));
      }
    }
    const next = this.peek();
    if (next && next.indent > indent) no();
    return out;
  }

  private mapping(indent: number, path: string[]): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      if (line.text.startsWith('- ') || line.text === '-') break;
      const m = /^([^\s#'"{}[\],&*!|>%@`?:-][^:#]*?|"[^"\\]*"|'[^']*'):( +(.*))?$/.exec(line.text);
      if (!m) no();
      const key = m![1].startsWith('"') || m![1].startsWith("'") ? m![1].slice(1, -1) : m![1];
      if (Object.hasOwn(out, key) || key === '__proto__' || key.trim() !== key || key === '') no();
      const here = [...path, key];
      const rest = m![3] ?? '';
      this.at(here, this.i, indent, true);
      this.at(here, this.i, rest === '' ? indent : indent + line.text.length - rest.length);
      this.i++;
      if (m![2] !== undefined && rest === '') no();
      out[key] = rest === '' ? this.nested(indent, true, here) : this.scalar(rest, indent);
    }
    const next = this.peek();
    if (next && next.indent > indent) no();
    return out;
  }

  /** The value after `key:` or `-` with nothing on the line: a deeper block, a list at the same column (after a key), or null. */
  private nested(indent: number, afterKey: boolean, path: string[]): unknown {
    const next = this.peek();
    if (!next) return null;
    if (next.indent > indent || (afterKey && next.indent === indent && (next.text === '-' || next.text.startsWith('- ')))) {
      this.at(path, this.i, next.indent);
      return this.block(next.indent, path);
    }
    return null;
  }

  private scalar(text: string, indent: number): unknown {
    if (text === '[]') return [];
    if (text === '{}') return {};
    if (text === '|' || text === '|-') return this.literal(indent, text === '|-');
    if (text.startsWith('"')) {
      if (!/^"(?:[^"\\]|\\["\\/nt])*"$/.test(text)) no();
      return text.slice(1, -1).replace(/\\(["\\/nt])/g, (_, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
    }
    if (text.startsWith("'")) {
      if (!/^'(?:[^']|'')*'$/.test(text)) no();
      return text.slice(1, -1).replace(/''/g, "'");
    }
    // A plain scalar: no indicator first, no `: ` or ` #` inside.
    if (/^[[\]{},#&*!|>%@`'"?:]|: | #|:$|^-( |$)/.test(text)) no();
    return resolve(text);
  }

  /** A literal block: the deeper lines as they are, less their common indentation; `|` keeps one final line break, `|-` none. */
  private literal(indent: number, strip: boolean): string {
    const start = this.i;
    let end = start;
    let blockIndent: number | undefined;
    while (end < this.lines.length) {
      const l = this.lines[end];
      const raw = this.raw[end].replace(/\r$/, '');
      if (l === null && raw.trim() === '') {
        end++;
        continue;
      }
      const lead = raw.length - raw.trimStart().length;
      if (lead <= indent) break;
      blockIndent ??= lead;
      if (lead < blockIndent) no();
      end++;
    }
    if (blockIndent === undefined) no();
    let last = end;
    while (last > start && this.raw[last - 1].trim() === '') last--;
    const body = this.raw.slice(start, last).map((r) => r.replace(/\r$/, '').slice(blockIndent!)).join('\n');
    for (let k = start; k < end; k++) this.lines[k] = null;
    this.i = end;
    return strip ? body : `${body}\n`;
  }
}

function isKeyLine(text: string): boolean {
  return /^([^\s#'"{}[\],&*!|>%@`?:-][^:#]*?|"[^"\\]*"|'[^']*'):( |$)/.test(text);
}

/** The plain scalars that are not strings and start with a letter. */
const WORDS = new Map<string, unknown>([
  ['null', null], ['Null', null], ['NULL', null],
  ['true', true], ['True', true], ['TRUE', true],
  ['false', false], ['False', false], ['FALSE', false],
]);

/** A plain scalar's value in the YAML 1.2 core schema (as the yaml package reads it). */
function resolve(text: string): unknown {
  // Most values (titles, ids, e-mails) start with a letter: a string unless one of the words (no regular expression: this runs for each line of a 20,000-line file).
  const c = text.charCodeAt(0);
  if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return WORDS.has(text) ? WORDS.get(text) : text;
  if (/^(null|Null|NULL|~)$/.test(text)) return null;
  if (/^(true|True|TRUE)$/.test(text)) return true;
  if (/^(false|False|FALSE)$/.test(text)) return false;
  if (/^[-+]?[0-9]+$/.test(text)) {
    const n = Number(text);
    return Number.isSafeInteger(n) ? n : no();
  }
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(text)) return Number(text);
  if (/^[-+]?\.(inf|Inf|INF|nan|NaN|NAN)$/.test(text) || /^0o[0-7]+$/.test(text) || /^0x[0-9a-fA-F]+$/.test(text)) no();
  return text;
}
