// The bounds of an organization file read by the yaml package: nesting no
// deeper than JSON's (MAX_DEPTH), checked on the parser's tokens before the
// document is composed (composing 3,000 levels overflows the stack, or runs
// out of memory); and values repeated by aliases at most MAX_ALIAS_VALUES (a
// "billion laughs" of nine anchors each nine times the last is 10^9 values).
// Each is a problem at its line and column, as every other error of a file.
import type * as YamlPackage from 'yaml';
import type { Document, LineCounter, Node } from 'yaml';
import { MAX_DEPTH } from '../../api/limits.js';

/** The most values aliases may repeat in one file (an alias counts the values of what it names). */
export const MAX_ALIAS_VALUES = 100_000;

type Yaml = typeof YamlPackage;

/**
 * The file as the yaml package reads it (what parseDocument does, keeping
 * the parser's tokens to check them first), or where it nests deeper than
 * MAX_DEPTH: composing 3,000 levels overflows the stack.
 */
export function readDocument(yaml: Yaml, text: string): { doc: Document; lineCounter: LineCounter } | { tooDeep: number } {
  const lineCounter = new yaml.LineCounter();
  const tokens = [...new yaml.Parser(lineCounter.addNewLine).parse(text)];
  const deep = tooDeep(tokens);
  if (deep !== undefined) return { tooDeep: deep };
  let doc: Document | undefined;
  for (const next of new yaml.Composer({ uniqueKeys: true, logLevel: 'error' }).compose(tokens, true, text.length)) {
    if (!doc) doc = next;
    else {
      doc.errors.push(new yaml.YAMLParseError([next.range[0], next.range[1]], 'MULTIPLE_DOCS', 'the file holds more than one YAML document'));
      break;
    }
  }
  // compose() always ends with a document, an empty one for an empty text.
  return { doc: doc!, lineCounter };
}

/** Where the tokens first nest deeper than MAX_DEPTH (an offset into the text), or undefined. */
function tooDeep(tokens: unknown[]): number | undefined {
  type Tok = { type: string; offset: number; value?: Tok; items?: { key?: Tok | null; value?: Tok }[] };
  // The parser's tokens are built without recursion; this walk keeps its own stack.
  const stack: [Tok, number][] = tokens.map((t) => [t as Tok, 0]);
  while (stack.length) {
    const [tok, depth] = stack.pop()!;
    if (tok.type === 'document' && tok.value) stack.push([tok.value, depth]);
    if (!tok.items) continue;
    if (depth + 1 > MAX_DEPTH) return tok.offset;
    for (const item of tok.items) for (const child of [item.key, item.value]) if (child) stack.push([child, depth + 1]);
  }
  return undefined;
}

/**
 * The first alias that names no anchor before it, names the value it is in
 * (a loop), or takes the values repeated by aliases past MAX_ALIAS_VALUES:
 * where it is (an offset into the text) and why; undefined when there is none.
 */
export function aliasProblem(yaml: Yaml, doc: Document): { offset: number; message: string } | undefined {
  /** By anchor, the last value of that name so far (as the yaml package resolves an alias): its values, or 'open' while inside it. */
  const anchors = new Map<string, number | 'open'>();
  let repeated = 0;
  /** The values of a node, the values its aliases name counted in (in document order: an anchor before its aliases). */
  const size = (node: unknown): number => {
    if (node === null || node === undefined) return 0;
    if (yaml.isAlias(node)) {
      const source = (node as { source: string }).source;
      const n = anchors.get(source);
      const found = (message: string) => new Found((node as Node).range?.[0] ?? 0, message);
      if (n === undefined) throw found(`the alias *${source} names no anchor (&${source}) before it`);
      if (n === 'open') throw found(`the alias *${source} is inside the value it names (a loop)`);
      repeated += n;
      if (repeated > MAX_ALIAS_VALUES) throw found(`this alias takes the values that aliases repeat past ${MAX_ALIAS_VALUES}, the most docplat reads (a "billion laughs"?)`);
      return n;
    }
    const anchor = (node as { anchor?: string }).anchor;
    if (anchor) anchors.set(anchor, 'open');
    let n = 1;
    if (yaml.isCollection(node)) {
      for (const item of (node as { items: unknown[] }).items) n += yaml.isPair(item) ? size((item as { key: unknown }).key) + size((item as { value: unknown }).value) : size(item);
    }
    // Unless a value inside took the name since (the last of a name is the one an alias names).
    if (anchor && anchors.get(anchor) === 'open') anchors.set(anchor, n);
    return n;
  };
  try {
    size(doc.contents);
    return undefined;
  } catch (err) {
    if (err instanceof Found) return { offset: err.offset, message: err.message };
    throw err;
  }
}

class Found extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** `line:column` of an offset into the text. */
export function position(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `${line}:${offset - before.lastIndexOf('\n')}`;
}
