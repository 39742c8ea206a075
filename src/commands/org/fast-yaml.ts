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
    const value = this.block(0, [], 0);
    if (this.peek()) no();
    return value;
  }

  /** The path of a value below `path`: built only when positions are kept (the usual read keeps none). */
  private below(path: string[], at: string | number): string[] {
    return this.track ? [...path, String(at)] : path;
  }

  /** The mapping or list whose lines start at `indent`, `depth` levels down. */
  private block(indent: number, path: string[], depth: number): unknown {
    // Deeper than JSON may nest: left to the yaml package's reading, which places the error.
    if (depth >= MAX_DEPTH) no();
    const line = this.peek()!;
    return line.text === '-' || line.text.startsWith('- ') ? this.list(indent, path, depth) : this.mapping(indent, path, depth);
  }

  private list(indent: number, path: string[], depth: number): unknown[] {
    const out: unknown[] = [];
    for (let line = this.peek(); line && line.indent === indent && (line.text === '-' || line.text.startsWith('- ')); line = this.peek()) {
      const rest = line.text.slice(1).trimStart();
      const here = this.below(path, out.length);
      const column = indent + (line.text.length - rest.length);
      if (this.track) this.at(here, this.i, rest === '' ? indent : column);
      this.i++;
      if (rest === '') {
        out.push(this.nested(indent, false, here, depth + 1));
      } else if (isKeyLine(rest)) {
        // `- key: value`: a mapping whose keys are at the column after the dash.
        this.lines[--this.i] = { indent: column, text: rest };
        out.push(this.mapping(column, here, depth + 1));
      } else {
        out.push(this.scalar(rest, indent));
      }
    }
    const next = this.peek();
    if (next && next.indent > indent) no();
    return out;
  }

  private mapping(indent: number, path: string[], depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let line = this.peek(); line && line.indent === indent; line = this.peek()) {
      const text = line.text;
      if (text.startsWith('- ') || text === '-') break;
      // `key:` or `key: value` (keyColon: the colon after the key, followed by spaces or nothing).
      const colon = keyColon(text);
      if (colon < 0) no();
      const quoted = text.charCodeAt(0) === 34 || text.charCodeAt(0) === 39;
      const key = quoted ? text.slice(1, colon - 1) : text.slice(0, colon);
      if (Object.hasOwn(out, key) || key === '__proto__' || key.trim() !== key || key === '') no();
      const here = this.below(path, key);
      let start = colon + 1;
      while (text.charCodeAt(start) === 32) start++;
      const rest = text.slice(start);
      // After `: `, a value runs to the end of the line (no line break of any kind within it).
      if (LINE_BREAK.test(rest)) no();
      if (this.track) {
        this.at(here, this.i, indent, true);
        this.at(here, this.i, rest === '' ? indent : indent + text.length - rest.length);
      }
      this.i++;
      if (start > colon + 1 && rest === '') no();
      out[key] = rest === '' ? this.nested(indent, true, here, depth + 1) : this.scalar(rest, indent);
    }
    const next = this.peek();
    if (next && next.indent > indent) no();
    return out;
  }

  /** The value after `key:` or `-` with nothing on the line: a deeper block, a list at the same column (after a key), or null. */
  private nested(indent: number, afterKey: boolean, path: string[], depth: number): unknown {
    const next = this.peek();
    if (!next) return null;
    if (next.indent > indent || (afterKey && next.indent === indent && (next.text === '-' || next.text.startsWith('- ')))) {
      this.at(path, this.i, next.indent);
      return this.block(next.indent, path, depth);
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
  return keyColon(text) >= 0;
}

/** What may not start a plain key: white space and YAML's indicators. */
const NOT_FIRST = /[\s#'"{}[\],&*!|>%@`?:-]/;
/** Line breaks other than \n (a value after `key: ` holds none). */
const LINE_BREAK = /[\r\u2028\u2029]/;

/**
 * The index of the colon that ends the key of `key:` / `key: …`, or -1 when
 * the line is no such line: a plain key (no indicator first, no `:` or `#`
 * within), or a quoted one (`"…"` without `"` or `\`, `'…'` without `'`),
 * then `:` followed by a space or the end of the line.
 */
function keyColon(text: string): number {
  const c = text.charCodeAt(0);
  let colon: number;
  if (c === 34 || c === 39) {
    const close = text.indexOf(c === 34 ? '"' : "'", 1);
    if (close < 0 || (c === 34 && text.lastIndexOf('\\', close) > 0)) return -1;
    colon = close + 1;
    if (text.charCodeAt(colon) !== 58) return -1;
  } else {
    // Letters and digits first (most keys) need no look at the indicators.
    if (!((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)) && NOT_FIRST.test(text.charAt(0))) return -1;
    colon = text.indexOf(':');
    if (colon < 1) return -1;
    const hash = text.indexOf('#');
    if (hash >= 0 && hash < colon) return -1;
  }
  return colon + 1 === text.length || text.charCodeAt(colon + 1) === 32 ? colon : -1;
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
