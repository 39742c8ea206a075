// Reads an organization file, checked against the file's specs (file.ts),
// every error at once with its line and column, before anything is read from
// the API. The plain YAML that pull writes is read fast (fast-yaml.ts); a file
// beyond it, or with an error, by the yaml package (loaded only then), which
// places every error. Unknown keys get a did-you-mean; values follow the
// operation table's bounds; a kind's resources have distinct keys. References
// to the organization are checked once it is read (plan-*.ts).
import { cjsExports } from '../../cjs.js';
import type { Document, LineCounter, Node } from 'yaml';
import { readSimpleYaml, type Positions } from './fast-yaml.js';
import { aliasProblem, position, readDocument } from './yaml-bounds.js';
import { MAX_DEPTH } from '../../api/limits.js';
import { UsageError } from '../../errors.js';
import { check, type Spec } from '../../api/schema.js';
import { closest, escapeControls } from '../../output/format.js';
import { isSelect } from '../../api/operations/customFields.js';
import { FILE, type CollectionEntry, type OrgFile } from './file.js';

export type Path = (string | number)[];

export interface FileProblem {
  path: Path;
  message: string;
  /** Point at the key rather than its value (an unknown key). */
  atKey?: boolean;
}

/** A parsed file, and where its values are (for errors found later). */
export interface Parsed {
  file: OrgFile;
  name: string;
  /** `line:column` of the value at a path (or of the nearest enclosing one). */
  where(path: Path, atKey?: boolean): string;
}

/**
 * Several problems at once: each on its own line (`docplat.yaml:3:5: teams[0].title: …`),
 * written before the one-line error that counts them (`lines` also go in the JSON error).
 */
export class ListedErrors extends UsageError {
  constructor(
    message: string,
    readonly lines: string[],
  ) {
    super(message);
    Object.assign(this.details, { errors: lines });
  }
}

/** Every problem of the file as one usage error (exit 2). */
export function fileErrors(parsed: Pick<Parsed, 'name' | 'where'>, problems: FileProblem[], yamlLines: string[] = []): ListedErrors {
  const found = problems.map((p) => `${parsed.name}:${parsed.where(p.path, p.atKey)}: ${p.path.length ? `${showPath(p.path)}: ` : ''}${p.message}`);
  // In the order of the file: line, then column.
  const at = (line: string) => (/:(\d+):(\d+): /.exec(line.slice(parsed.name.length)) ?? []).slice(1).map(Number);
  const lines = [...yamlLines, ...found].sort((a, b) => at(a)[0] - at(b)[0] || at(a)[1] - at(b)[1]);
  return new ListedErrors(lines.length > 1 ? `${lines.length} errors in ${parsed.name} (listed above)` : lines[0], lines);
}

export function showPath(path: Path): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

export async function parseFile(text: string, name: string): Promise<Parsed> {
  // The usual file is read fast; one with an error, or beyond the plain subset, by the yaml package (which places every error).
  const fast = readSimpleYaml(text, false);
  if (fast) {
    const problems: FileProblem[] = [];
    walk(JS_TREE, fast.value, FILE, undefined, problems);
    if (!problems.length) semantics((fast.value ?? {}) as OrgFile, problems);
    if (!problems.length) return { name, file: fast.value as OrgFile, where: fastLocator(text) };
  }
  const yaml = cjsExports(await import('yaml'));
  const read = readDocument(yaml, text);
  // Too deep to compose (3,000 levels overflow the stack): refused at its place before the document is built.
  if ('tooDeep' in read) throw fileErrors({ name, where: () => position(text, read.tooDeep) }, [{ path: [], message: `nested deeper than ${MAX_DEPTH} levels, the most docplat reads` }]);
  const { doc, lineCounter } = read;
  const where = locator(doc, lineCounter);
  const parsed = { name, where, file: undefined as unknown as OrgFile };
  const problems: FileProblem[] = [];
  const yamlErrors = doc.errors.map((e) => {
    const pos = lineCounter.linePos(e.pos[0]);
    const message = e.code === 'DUPLICATE_KEY' ? 'duplicate key: a key appears twice in this mapping' : e.message.split('\n')[0];
    return `${name}:${pos.line}:${pos.col}: ${message}`;
  });
  // An alias that names nothing, loops, or repeats too much (a "billion laughs"): refused before the values are built.
  const alias = aliasProblem(yaml, doc);
  if (alias) yamlErrors.push(`${name}:${position(text, alias.offset)}: ${alias.message}`);
  if (yamlErrors.length && (!doc.contents || alias)) throw fileErrors(parsed, [], yamlErrors);
  walk(YAML_TREE, doc.contents as YamlNode | null, FILE, undefined, problems);
  // Aliases are bounded above (the yaml package's own bound, 100 uses of an anchor, would refuse a plain file).
  const file = (doc.toJS({ maxAliasCount: -1 }) ?? {}) as OrgFile;
  semantics(file, problems);
  if (yamlErrors.length || problems.length) throw fileErrors(parsed, problems, yamlErrors);
  parsed.file = file;
  return parsed;
}

/** Positions of a file the fast reader read: found (by reading it again, keeping them) when an error needs one. */
function fastLocator(text: string): Parsed['where'] {
  let positions: Positions | undefined;
  return (path, atKey) => {
    positions ??= readSimpleYaml(text)!.positions;
    for (let n = path.length; n >= 0; n--) {
      const found = positions.get(`${atKey && n === path.length ? 'k:' : ''}${path.slice(0, n).join('\u0000')}`);
      if (found) return found;
    }
    return '1:1';
  };
}

function locator(doc: Document, lc: LineCounter): Parsed['where'] {
  return (path, atKey) => {
    for (let n = path.length; n >= 0; n--) {
      const sub = path.slice(0, n);
      let node: Node | undefined;
      if (atKey && n === path.length && n > 0) {
        const parent = doc.getIn(sub.slice(0, -1), true) as { items?: { key?: Node & { value?: unknown } }[] } | undefined;
        node = parent?.items?.find((p) => String(p.key?.value) === String(sub[sub.length - 1]))?.key;
      }
      node ??= (n === 0 ? doc.contents : doc.getIn(sub, true)) as Node | undefined;
      const start = node?.range?.[0];
      if (start !== undefined) {
        const { line, col } = lc.linePos(start);
        return `${line}:${col}`;
      }
    }
    return '1:1';
  };
}

/** The parts of the yaml package's nodes that the walk reads. */
interface YamlNode {
  items?: unknown[];
  toJSON(): unknown;
}
type Pair = { key: { value?: unknown } | null; value: YamlNode | null };

/** How the walk reads a tree: the yaml package's nodes (with positions), or plain values (the fast reader's). */
interface Tree<N> {
  kind(node: N): 'map' | 'list' | 'scalar';
  /** Each key of a mapping with its value, in order. */
  eachPair(node: N, fn: (key: string, value: N) => void): void;
  items(node: N): N[];
  value(node: N): unknown;
}

const YAML_TREE: Tree<YamlNode | null> = {
  kind: (n) => (!n || !Array.isArray(n.items) ? 'scalar' : n.items.every((i) => !!i && typeof i === 'object' && 'key' in i) ? 'map' : 'list'),
  eachPair: (n, fn) => {
    for (const p of n!.items as Pair[]) fn(String(p.key?.value ?? ''), p.value);
  },
  items: (n) => n!.items as (YamlNode | null)[],
  value: (n) => (n === null ? null : n.toJSON()),
};

const JS_TREE: Tree<unknown> = {
  kind: (v) => (Array.isArray(v) ? 'list' : v && typeof v === 'object' ? 'map' : 'scalar'),
  // The fast reader's mappings: plain objects of own keys (never `__proto__`).
  eachPair: (v, fn) => {
    const o = v as Record<string, unknown>;
    for (const key in o) fn(key, o[key]);
  },
  items: (v) => v as unknown[],
  value: (v) => v,
};

/** A path as the walk builds it: each step points at its parent (no array copied per node). */
interface Step {
  up?: Step;
  at: string | number;
}
const pathOf = (step: Step | undefined): Path => {
  const out: Path = [];
  for (let s = step; s; s = s.up) out.unshift(s.at);
  return out;
};

/** Checks a tree against a spec, collecting every problem; each node is visited once. */
function walk<N>(tree: Tree<N>, node: N, spec: Spec, step: Step | undefined, problems: FileProblem[]): void {
  const kind = tree.kind(node);
  if (spec.type === 'object' && kind === 'map') {
    const fields = spec.fields ?? {};
    let seen = 0;
    tree.eachPair(node, (key, value) => {
      const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
      if (field?.required) seen++;
      const inner = field ?? spec.values;
      if (!inner) {
        const known = Object.keys(fields);
        const near = closest(key, known);
        problems.push({ path: pathOf({ up: step, at: key }), atKey: true, message: `unknown key "${escapeControls(key)}"${near ? ` (did you mean "${near}"?)` : `; known: ${known.join(', ')}`}` });
        return;
      }
      walk(tree, value, inner, { up: step, at: key }, problems);
    });
    if (seen < requiredCount(spec)) {
      const keys = new Set<string>();
      tree.eachPair(node, (k) => keys.add(k));
      for (const [k, s] of Object.entries(fields)) if (s.required && !keys.has(k)) problems.push({ path: pathOf(step), message: `missing "${k}"` });
    }
    return;
  }
  if (spec.type === 'array' && kind === 'list') {
    const items = tree.items(node);
    // The list itself: its bounds, and no null item (checked only when it has bounds or a null: most lists have neither).
    const v = spec.minItems !== undefined || spec.maxItems !== undefined || items.includes(null as N) ? check(listOf(spec), items) : null;
    if (v) problems.push({ path: pathOf(step), message: `must be ${v.rule}` });
    items.forEach((item, i) => walk(tree, item, spec.items, { up: step, at: i }, problems));
    return;
  }
  if (spec.type === 'any') return;
  const value = tree.value(node);
  const v = check(spec, value);
  if (v) problems.push({ path: pathOf(step), message: `must be ${v.rule}${shown(value)}` });
}

/** A list's spec with items of any kind: the list checked without its items (the walk visits each). */
const LISTS = new WeakMap<Spec, Spec>();
function listOf(spec: Spec & { type: 'array' }): Spec {
  let list = LISTS.get(spec);
  if (!list) LISTS.set(spec, (list = { ...spec, items: { type: 'any' } }));
  return list;
}

const REQUIRED = new WeakMap<Spec, number>();
function requiredCount(spec: Spec & { type: 'object' }): number {
  let n = REQUIRED.get(spec);
  if (n === undefined) REQUIRED.set(spec, (n = Object.values(spec.fields ?? {}).filter((s) => s.required).length));
  return n;
}

function shown(value: unknown): string {
  if (value === null) return '';
  if (typeof value === 'object') return `, got ${Array.isArray(value) ? 'a list' : 'a mapping'}`;
  const text = String(value);
  return `, got "${escapeControls(text.length > 40 ? `${text.slice(0, 40)}…` : text)}"`;
}

/** Rules across values: distinct keys, one source per OpenAPI spec, options of select fields, references within the file. */
/** The id of an entry of the file, when it names one. */
const idOf = (x: unknown) => (x && typeof x === 'object' && typeof (x as { id?: unknown }).id === 'string' ? (x as { id: string }).id : undefined);

function semantics(file: OrgFile, problems: FileProblem[]): void {
  const distinct = <T>(kind: string, items: T[] | undefined, keys: [string, (t: T) => string | undefined][], base: Path = [kind]) => {
    for (const [field, keyOf] of keys) {
      const seen = new Map<string, number>();
      if (!Array.isArray(items)) return;
      items.forEach((item, i) => {
        const k = item && typeof item === 'object' ? keyOf(item) : undefined;
        if (typeof k !== 'string') return;
        const first = seen.get(k.toLowerCase());
        // Two resources of one title, each with its id, are two (as pull writes them once the organization has both).
        const told = first !== undefined && field !== 'path' && idOf(items[first]) !== undefined && idOf(item) !== undefined && idOf(items[first]) !== idOf(item);
        if (first !== undefined && !told) problems.push({ path: [...base, i, field], message: `"${escapeControls(k.replace('\u0000', '/'))}" is also the ${field} of ${showPath([...base, first])}: ${field === 'path' ? 'the platform publishes one thing at a path' : 'two resources with one key'}` });
        else if (first === undefined) seen.set(k.toLowerCase(), i);
      });
    }
  };
  const each = <T>(list: T[] | undefined, fn: (item: T, i: number) => void) => Array.isArray(list) && list.forEach((item, i) => item && typeof item === 'object' && fn(item, i));
  const collections = (list: CollectionEntry[] | undefined, base: Path) => {
    distinct('collections', list, [['title', (c) => c.title], ['id', (c) => c.id]], base);
    if (Array.isArray(list)) list.forEach((c, i) => c && typeof c === 'object' && collections(c.collections, [...base, i, 'collections']));
  };
  collections(file.collections, ['collections']);
  distinct('spaces', file.spaces, [['id', (s) => s.id], ['title', (s) => (s.id === undefined && typeof s.title === 'string' ? `${String(s.collection ?? '')}\u0000${s.title}` : undefined)]]);
  each(file.spaces, (s, i) => {
    if (s.id === undefined && s.title === undefined) problems.push({ path: ['spaces', i], message: 'a space needs an "id" or a "title" (with its "collection")' });
  });
  distinct('sites', file.sites, [['title', (s) => s.title], ['id', (s) => s.id]]);
  each(file.sites, (site, i) => {
    // Paths are unique among siblings: the platform refuses a second one.
    distinct('sites', site.sections, [['title', (s) => s.title], ['id', (s) => s.id], ['path', (s) => s.path]], ['sites', i, 'sections']);
    distinct('sites', site.spaces, [['space', (x) => x.space], ['path', (x) => x.path]], ['sites', i, 'spaces']);
    each(site.sections, (sec, j) => distinct('sites', sec.spaces, [['space', (x) => x.space], ['path', (x) => x.path]], ['sites', i, 'sections', j, 'spaces']));
    distinct('sites', site.sectionGroups, [['title', (g) => g.title], ['id', (g) => g.id]], ['sites', i, 'sectionGroups']);
    distinct('sites', site.shareLinks, [['name', (l) => l.name], ['id', (l) => l.id]], ['sites', i, 'shareLinks']);
    if (Array.isArray(site.sections) && site.sections.length && Array.isArray(site.spaces) && site.spaces.length) {
      problems.push({ path: ['sites', i, 'spaces'], atKey: true, message: 'a site with sections publishes its spaces in them: move these under a section' });
    }
  });
  distinct('teams', file.teams, [['title', (t) => t.title], ['id', (t) => t.id]]);
  distinct('customFields', file.customFields, [['name', (f) => f.name], ['id', (f) => f.id]]);
  distinct('sso', file.sso, [['label', (s) => s.label], ['id', (s) => s.id]]);
  distinct('translations', file.translations, [['title', (t) => t.title], ['id', (t) => t.id]]);
  distinct('openapi', file.openapi, [['slug', (o) => o.slug]]);
  each(file.openapi, (o, i) => {
    if ((o.file === undefined) === (o.url === undefined)) problems.push({ path: ['openapi', i], message: 'give either "file" or "url"' });
  });
  each(file.customFields, (f, i) => {
    if (typeof f.type !== 'string') return;
    if (isSelect(f.type) && !f.options) problems.push({ path: ['customFields', i], message: `a ${f.type} field needs "options"` });
    if (!isSelect(f.type) && f.options) problems.push({ path: ['customFields', i, 'options'], message: `only select fields have options (this one is ${f.type})` });
  });
}
