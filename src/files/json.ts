// JSON.parse of a large document (an export's manifest: about 500 bytes a
// page) without ever making it one string. JSON.parse(bytes.toString())
// holds the whole text (a megabyte at 2,000 pages) while it builds the
// objects; the collections that run meanwhile move that text to the old
// generation, where it stays until a full collection. Here an object or
// array larger than a piece (16 KB) is split into its members by the bytes
// that delimit them, consecutive members parsed together up to a piece (a
// larger one split in turn): every string made is a piece's, short-lived,
// for about 2x JSON.parse's time (20 ms more at 2,000 pages). The result is
// JSON.parse's, value for value; the pieces are checked by JSON.parse and
// the delimiters between them here, so a document JSON.parse refuses is
// refused (a SyntaxError) whatever its size.

/** A member larger than this is split into its own members. */
const PIECE = 16 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

const bad = (at: number) => new SyntaxError(`not JSON at byte ${at}`);
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

function skipSpace(b: Buffer, i: number, end: number): number {
  while (i < end && isSpace(b[i])) i++;
  return i;
}

/** The end (exclusive) of the value that starts at `i`: a string, an object or array (nested, strings skipped), or a literal. */
function valueEnd(b: Buffer, i: number, end: number): number {
  let depth = 0;
  for (let j = i; j < end; j++) {
    const c = b[j];
    if (c === QUOTE) {
      for (j++; j < end && b[j] !== QUOTE; j++) if (b[j] === BACKSLASH) j++;
      if (j >= end) throw bad(i);
      if (depth === 0) return j + 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth === 0) return j;
      if (--depth === 0) return j + 1;
    } else if (depth === 0 && (c === COMMA || isSpace(c))) return j;
  }
  if (depth !== 0) throw bad(i);
  return end;
}

/** One piece, parsed by JSON.parse. */
const parsePiece = (b: Buffer, start: number, end: number): unknown => JSON.parse(b.toString('utf8', start, end));

/** Sets a member as JSON.parse does: an own property, "__proto__" included (never the prototype). */
function setMember(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true });
  else out[key] = value;
}

/** Members b[from, to) of an object or array, parsed together (a piece at most), added to `out` in order. */
function addRun(b: Buffer, from: number, to: number, out: Record<string, unknown> | unknown[]): void {
  if (Array.isArray(out)) {
    for (const value of JSON.parse(`[${b.toString('utf8', from, to)}]`) as unknown[]) out.push(value);
    return;
  }
  const part = JSON.parse(`{${b.toString('utf8', from, to)}}`) as Record<string, unknown>;
  // Object.assign would set the prototype for a "__proto__" member.
  if (!Object.hasOwn(part, '__proto__')) Object.assign(out, part);
  else for (const key of Object.keys(part)) setMember(out, key, part[key]);
}

/** The value in b[start, end) (no space around it). */
function parseValue(b: Buffer, start: number, end: number): unknown {
  const open = b[start];
  if (end - start <= PIECE || (open !== OPEN_OBJECT && open !== OPEN_ARRAY)) return parsePiece(b, start, end);
  const object = open === OPEN_OBJECT;
  const last = end - 1;
  if (b[last] !== (object ? CLOSE_OBJECT : CLOSE_ARRAY)) throw bad(last);
  const out: Record<string, unknown> | unknown[] = object ? {} : [];
  // Consecutive members up to a piece are parsed together; a larger one on its own (split in turn).
  let run = -1;
  let runEnd = -1;
  const flush = () => {
    if (run >= 0) addRun(b, run, runEnd, out);
    run = -1;
  };
  let i = skipSpace(b, start + 1, last);
  while (i < last) {
    const member = i;
    let keyEnd = i;
    if (object) {
      if (b[i] !== QUOTE) throw bad(i);
      keyEnd = valueEnd(b, i, last);
      i = skipSpace(b, keyEnd, last);
      if (b[i] !== COLON) throw bad(i);
      i = skipSpace(b, i + 1, last);
    }
    const valueAt = i;
    i = valueEnd(b, i, last);
    if (i === valueAt) throw bad(i);
    if (i - valueAt > PIECE) {
      flush();
      const value = parseValue(b, valueAt, i);
      if (object) setMember(out as Record<string, unknown>, parsePiece(b, member, keyEnd) as string, value);
      else (out as unknown[]).push(value);
    } else {
      if (run >= 0 && i - run > PIECE) flush();
      if (run < 0) run = member;
      runEnd = i;
    }
    i = skipSpace(b, i, last);
    if (i < last) {
      if (b[i] !== COMMA) throw bad(i);
      i = skipSpace(b, i + 1, last);
      if (i >= last) throw bad(i);
    }
  }
  flush();
  return out;
}

/** JSON.parse of these bytes (UTF-8, a byte-order mark refused as JSON.parse refuses it), made piece by piece. */
export function parseJsonBytes(bytes: Buffer): unknown {
  let end = bytes.length;
  while (end > 0 && isSpace(bytes[end - 1])) end--;
  const start = skipSpace(bytes, 0, end);
  if (start >= end) throw bad(0);
  return parseValue(bytes, start, end);
}
