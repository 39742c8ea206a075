// docplat api <path>: any call, with docplat's auth, errors, retries and
// pagination (through the one client), printing the answer as JSON.
import { STATUS_CODES } from 'node:http';
import { deeperThan, MAX_DEPTH, MAX_PAGE_BYTES } from '../../api/limits.js';
import type { Operation } from '../../api/operation.js';
import type { Context } from '../../context.js';
import { ApiError, DocplatError, Interrupted, UsageError } from '../../errors.js';
import { isStructured, Output } from '../../output/format.js';
import { requestUrl } from '../../client/url.js';
import type { Router } from '../../sandbox/core/router.js';
import { defineCommand, type CommandDef } from '../define.js';
import { bodyOf, METHODS, pagingOf, parseFields, parseHeaders, parseMethod, queryOf, readBytes, resolvePath } from './input.js';

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'api',
    summary: "make any API call, with docplat's auth, errors and pagination",
    args: [{ name: 'path', description: 'path below the API URL ({org} is the current organization), or a URL on its origin' }],
    flags: {
      method: { flags: '-X, --method <method>', description: `HTTP method: ${METHODS.join(', ')} (default: GET, or POST with fields or --input)`, choices: METHODS },
      rawField: { flags: '-f, --raw-field <key=value...>', description: 'a string field (repeat it); to the query for GET, else to the JSON body' },
      field: {
        flags: '-F, --field <key=value...>',
        description: 'a typed field: true, false, null, numbers, @file (its text), @- (stdin); key[]=v appends to an array, a.b=v nests',
        path: { kind: 'typed', use: 'body', form: 'key=@PATH' },
      },
      input: { flags: '--input <file>', description: 'send this file as the body, as is (- reads stdin); fields then go to the query', path: { kind: 'typed', use: 'body' } },
      header: { flags: '-H, --header <header...>', description: "a request header, 'Name: value' (repeat it)" },
      paginate: { flags: '--paginate', description: 'follow next.page to the last page: the items of every page as one JSON array (--jsonl: one per line)' },
      include: { flags: '-i, --include', description: 'print the status line and the response headers before the body' },
      dryRun: { flags: '--dry-run', description: 'print the request that would be sent, and send none' },
    },
    help: [
      'Prints JSON (--jsonl: one line; --jq filters it, once over all the pages with --paginate).',
      'With --paginate, a limit (in the path or a field) is the page size, and a page the first cursor.',
      'Exit codes as for every command: 3 for 404, 4 for 401 and 403, 1 for other failures.',
      'A path of the API reference is retried on failure as its operation allows (a PATCH or a PUT is safe to resend, a POST that',
      'creates is not); on another path, GET, HEAD, PUT and DELETE are retried, POST and PATCH only when surely not received.',
    ].join('\n'),
    examples: ['/orgs/{org}/spaces --paginate --jq length', '-X PATCH /spaces/<spaceId> -f title=Handbook', '/orgs/{org}/spaces -i --jq ".items[].title"'],
    async run(ctx, { args, opts }) {
      const call = await apiCall(ctx, args[0], opts);
      const output = apiOutput(ctx);
      if (opts.dryRun) {
        const shown = call.rawBody ? rawText(call.rawBody) : call.body;
        return ctx.api.dryRun([{ method: call.method, path: call.path, query: call.query, body: shown, operation: shown && typeof shown === 'object' ? call.operation : undefined }]);
      }
      if (opts.paginate) return printPages(ctx, output, call, args[0]);
      return printAnswer(ctx, output, call, args[0], !!opts.include);
    },
  }),
];

type ApiOptions = { method?: string; rawField?: string[]; field?: string[]; input?: string; header?: string[]; paginate?: boolean; include?: boolean };

/** The call `docplat api` makes, from its flags: method, path, query, body, headers, and the operation of the table at that path (if any). */
interface ApiCall {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  body?: Record<string, unknown>;
  rawBody?: Buffer;
  headers: Record<string, string>;
  operation?: Operation;
}

/** The call from the flags, every one checked before anything is read or sent. */
async function apiCall(ctx: Context, target: string, opts: ApiOptions): Promise<ApiCall> {
  const method = parseMethod(opts.method, !!(opts.rawField?.length || opts.field?.length || opts.input !== undefined));
  const headers = parseHeaders(opts.header ?? []);
  if (opts.input === '-' && ctx.io.stdinTTY) throw new UsageError('--input - reads stdin, but stdin is a terminal: pipe the body in');
  const fields = await parseFields(opts.rawField ?? [], opts.field ?? [], () => {
    if (ctx.io.stdinTTY) throw new UsageError('-F key=@- reads stdin, but stdin is a terminal: pipe the value in');
    if (opts.input === '-') throw new UsageError('--input - and -F key=@- cannot both read stdin');
    return ctx.readStdin('body');
  });
  if (opts.input !== undefined && (method === 'GET' || method === 'HEAD')) throw new UsageError(`--input sends a body: not with ${method}`);
  if (opts.paginate && method !== 'GET') throw new UsageError(`--paginate follows the pages of a GET, not of a ${method}`);
  if (opts.paginate && opts.include) throw new UsageError('--paginate and --include cannot be used together');
  // The format asked for is checked here, among the flags (run makes the output).
  apiOutput(ctx);
  const { apiUrl } = await ctx.settings();
  const path = await resolvePath(target, apiUrl, () => ctx.org());
  const toQuery = method === 'GET' || method === 'HEAD' || opts.input !== undefined;
  const call: ApiCall = { method, path, query: toQuery ? queryOf(fields) : {}, headers };
  if (opts.input !== undefined) {
    call.rawBody = opts.input === '-' ? await ctx.readStdinBytes('body') : await readBytes('--input', opts.input);
    headers['content-type'] ??= 'application/json';
  } else if (!toQuery && fields.length) {
    call.body = bodyOf(fields);
  }
  // The operation of the path, found as the sandbox routes it: resent as the table allows, its secrets masked.
  call.operation = await operationAt(method, requestUrl(apiUrl, path), apiUrl);
  return call;
}

/** --paginate: the items of every page, through the one pager, as one list. */
async function printPages(ctx: Context, output: Output, call: ApiCall, target: string): Promise<void> {
  let received = 0;
  const paging = pagingOf(call.path, call.query);
  const pages = ctx.api.pages(ctx.api.raw('GET', paging.path, { query: call.query, maskedQuery: call.operation?.maskedQuery }), { cursor: paging.cursor, pageSize: paging.pageSize });
  const checked = async function* () {
    for await (const page of pages) {
      if (!Array.isArray(page.items)) throw new DocplatError(`--paginate: GET ${target} answered no list (no "items" array)`);
      received += page.items.length;
      yield page;
    }
  };
  try {
    await output.list(checked(), []);
  } catch (err) {
    if (ctx.signal.aborted) throw new Interrupted(`interrupted after ${received} items; the rest were not fetched`);
    throw err;
  }
}

/** The one request, and its answer: JSON as an item, other text as it is; an error answer's body too, before the error. */
async function printAnswer(ctx: Context, output: Output, call: ApiCall, target: string, include: boolean): Promise<void> {
  const { method, path, query, body, rawBody, headers, operation } = call;
  // Sent again after a failure only when repeating it is harmless; a path the table does not know: a POST or a PATCH only when surely not received.
  const idempotency = operation ? (operation.safe ? 'safe' : 'create') : undefined;
  let res;
  try {
    res = await ctx.api.send<string>(ctx.api.raw(method, path, { query, body, rawBody, headers, as: 'text', idempotency, maskedQuery: operation?.maskedQuery, maxBytes: MAX_PAGE_BYTES }));
  } catch (err) {
    // An error answer's body goes to stdout, as gh api prints it (with --include after the status line and
    // headers); the error line and the exit code follow, on stderr, as for every command.
    if (err instanceof ApiError && err.status !== undefined && err.response) {
      if (include) await printHead(output, err.status, err.response.headers);
      if (err.response.text) await output.text(errorBody(err.response.text));
    }
    throw err;
  }
  if (include) await printHead(output, res.status, res.headers);
  const text = res.data ?? '';
  if (!text) return;
  if (/json/i.test(String(res.headers['content-type'] ?? ''))) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return output.text(text);
    }
    if (deeperThan(value)) throw new DocplatError(`unexpected answer from ${method} ${target}: JSON nested deeper than ${MAX_DEPTH} levels`);
    return output.item(value, []);
  }
  if (ctx.globals.jq) throw new DocplatError(`--jq: the answer is not JSON (${String(res.headers['content-type'] ?? 'no content type')})`);
  await output.text(text);
}

/** `--include`: the status line and the headers, as gh prints them, before the body. */
async function printHead(output: Output, status: number, responseHeaders: Record<string, string | string[] | undefined>): Promise<void> {
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd() + '\n';
  for (const [name, value] of Object.entries(responseHeaders)) for (const v of Array.isArray(value) ? value : [value ?? '']) head += `${name}: ${v}\n`;
  await output.text(`${head}\n`);
}

let router: Promise<Router> | undefined;

/** The operation of the table at a URL below the API URL, matched by the sandbox's router; undefined for a path it does not know. */
async function operationAt(method: string, url: string, baseUrl: string): Promise<Operation | undefined> {
  const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
  const { pathname } = new URL(url);
  if (!pathname.startsWith(`${base}/`)) return undefined;
  router ??= Promise.all([import('../../sandbox/core/router.js'), import('../../api/operations/index.js')]).then(([{ Router }, { OPERATIONS }]) => new Router(Object.values(OPERATIONS as Record<string, Operation>)));
  try {
    const match = (await router).match(method, pathname.slice(base.length));
    return match && 'operation' in match ? match.operation : undefined;
  } catch {
    // A segment that is not valid percent-encoding: no operation of the table.
    return undefined;
  }
}

/** JSON unless another format was asked for; a table, TSV or CSV needs --fields to name its columns. */
function apiOutput(ctx: Context): Output {
  const g = ctx.globals;
  const asked = g.output ?? (g.json ? 'json' : g.jsonl ? 'jsonl' : undefined);
  if (asked === undefined) return new Output(ctx.io.stdout, ctx.terminal, { ...ctx.output.opts, format: 'json' });
  if (!isStructured(asked) && !g.fields) throw new UsageError(`api prints JSON: --output ${asked} needs --fields to name the columns`);
  return ctx.output;
}

/** An error answer's body as printed: its JSON indented as the answers are, or its text. */
function errorBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A body read from a file, as the dry run shows it: its JSON, or its text. */
function rawText(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
