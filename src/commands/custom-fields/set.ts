// docplat custom-fields set: name=value words become a typed values body.
// The organization's fields are read once (one request for up to 1000
// fields); every word of every space is parsed, converted and checked before
// the first change is sent, then each space gets one PATCH with all its values.
import { valueProblem, type FieldRule } from '../../api/operations/customFields.js';
import { apiRequest, InputError, type BuiltRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Flag, Input } from '../define.js';

interface Field extends FieldRule {
  name: string;
}

/** One space's words, and where they came from (for messages: `line 3: `). */
interface Row {
  spaceId: string;
  words: string[];
  where: string;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

export async function setValues(ctx: Context, { args, rest, opts }: Input<Record<string, Flag>>): Promise<void> {
  const rows = await readRows(ctx, args[0], rest);
  const concurrency = ctx.api.bulk.concurrency(opts.concurrency as string | undefined);
  // Words are parsed, and space ids checked, before the fields are read.
  const pairs = rows.map((row) => ({ row, pairs: row.words.map((w) => splitWord(w, row.where)) }));
  for (const { row } of pairs) request(row.spaceId, {}, row.where);

  const fields = await readFields(ctx);
  /** Space id → values, in the order the spaces came; a later word for the same name wins. */
  const bodies = new Map<string, Record<string, { value: unknown }>>();
  for (const { row, pairs: words } of pairs) {
    const values = bodies.get(row.spaceId) ?? {};
    for (const [name, raw] of words) values[name] = { value: convert(fields, name, raw, row.where) };
    bodies.set(row.spaceId, values);
  }
  const ids = [...bodies.keys()];
  const requests = ids.map((id) => request(id, { values: bodies.get(id)! }, ''));
  if (opts.dryRun) return ctx.api.dryRun(requests);
  await ctx.api.bulk.run(ids, requests.map((request) => ({ request })), concurrency, { what: 'space', done: 'set' });
}

/** `<spaceId> name=value...`, or with `-` the lines of stdin (blank lines and `#` comments skipped). */
async function readRows(ctx: Context, target: string, words: string[]): Promise<Row[]> {
  if (target !== '-') {
    if (words.length === 0) throw new UsageError('nothing to set: give name=value words after the space id (name= clears a value)');
    return [{ spaceId: target, words, where: '' }];
  }
  if (words.length) throw new UsageError('with - the values come from stdin, as lines "<spaceId> name=value...": give no name=value words');
  if (ctx.io.stdinTTY) throw new UsageError('"-" reads "<spaceId> name=value..." lines from stdin, but stdin is a terminal: pipe them in');
  const rows: Row[] = [];
  (await ctx.readStdin()).split(/\r?\n/).forEach((line, i) => {
    if (/^\s*(#|$)/.test(line)) return;
    const where = `line ${i + 1}: `;
    const [spaceId, ...rest] = wordsOf(line, where);
    if (rest.length === 0) throw new UsageError(`${where}space ${spaceId} has no name=value words`);
    rows.push({ spaceId, words: rest, where });
  });
  if (rows.length === 0) throw new UsageError('stdin holds no "<spaceId> name=value..." lines');
  return rows;
}

/**
 * The words of a line: split at white space outside double quotes, which are
 * removed (`owner="Docs team"`; `\\"` is a quote); a `#` that starts a word
 * starts a comment.
 */
function wordsOf(line: string, where: string): string[] {
  const out: string[] = [];
  let word: string | undefined;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '#' && !quoted && word === undefined) break; // a comment, to the end of the line
    if (c === '\\' && quoted && line[i + 1] === '"') {
      word = (word ?? '') + line[++i];
    } else if (c === '"') {
      quoted = !quoted;
      word ??= '';
    } else if (/\s/.test(c) && !quoted) {
      if (word !== undefined) out.push(word);
      word = undefined;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quoted) throw new UsageError(`${where}a quote is not closed`);
  if (word !== undefined) out.push(word);
  return out;
}

function splitWord(word: string, where: string): [string, string] {
  const eq = word.indexOf('=');
  if (eq <= 0) throw new UsageError(`${where}expected name=value, got "${shorten(word)}"`);
  return [word.slice(0, eq), word.slice(eq + 1)];
}

/** The PATCH of one space; a bad space id is a usage error. */
function request(spaceId: string, body: Record<string, unknown>, where: string): BuiltRequest {
  try {
    return apiRequest('customFields.set', { params: { spaceId }, body: { values: {}, ...body } });
  } catch (err) {
    if (err instanceof InputError) throw new UsageError(`${where}invalid space id "${spaceId}": ids have no spaces, slashes, ? or #`);
    throw err;
  }
}

/** The organization's fields by name: one request for up to 1000, more only beyond. */
async function readFields(ctx: Context): Promise<Map<string, Field>> {
  const org = await ctx.org();
  const fields = new Map<string, Field>();
  for (const f of await ctx.api.all<Field>(apiRequest('customFields.list', { params: { organizationId: org } }))) fields.set(f.name, f);
  return fields;
}

/** The value to send for `name=raw`: converted by the field's type and checked; '' clears (null). */
function convert(fields: Map<string, Field>, name: string, raw: string, where: string): unknown {
  const field = fields.get(name);
  if (!field) {
    const names = [...fields.keys()];
    throw new UsageError(`${where}unknown custom field "${shorten(name)}": ${names.length ? `the organization's fields are ${names.join(', ')}` : 'the organization has no custom fields'}`);
  }
  if (raw === '') return null;
  // Each tag or choice once: `web,web` is one choice.
  const list = () => [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
  let value: unknown = raw;
  if (field.type === 'number' && NUMBER.test(raw.trim())) value = Number(raw);
  else if (field.type === 'boolean' && (raw === 'true' || raw === 'false')) value = raw === 'true';
  else if (field.type === 'tags' || field.type === 'select:multi') value = list();
  const problem = valueProblem(field, value);
  if (problem) throw new UsageError(`${where}${name}=${shorten(raw)}: the ${field.type} field "${name}" ${problem}`);
  return value;
}

const shorten = (s: string): string => ([...s].length > 40 ? `${[...s].slice(0, 37).join('')}...` : s);
