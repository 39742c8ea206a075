// docplat openapi <verb>: declarations; publishing and downloads are in publish.ts.
import { CONTENT_DETAIL, SPEC_COLUMNS, SPEC_DETAIL, SPEC_FIELDS, VERSION_COLUMNS, VERSION_DETAIL } from '../../resources/openapi.js';
import type { Context } from '../../context.js';
import { defineCommand, type Arg, type CommandDef } from '../define.js';
import { checkDest, download, fetchDocument, publishSpec } from './publish.js';
import { checkDocument, VALIDATION_DETAIL } from './validate.js';
import { DocplatError, UsageError } from '../../errors.js';

const SLUG: Arg = { name: 'slug', param: 'specSlug', description: 'the specification slug (lowercase letters and digits, words joined by -)' };
const VERSION: Arg = { name: 'versionId', param: 'versionId', optional: true, description: 'a version id, or latest (the default)' };

const SOURCE_FLAGS = {
  url: { flags: '--url <url>', description: 'URL the platform fetches the document from', body: 'source.url', nonBlank: true },
  file: { flags: '--file <path>', description: 'YAML or JSON document to send (- reads stdin); checked as `openapi validate` does before sending', body: 'source.text', path: { kind: 'typed', use: 'openapi' } },
  validate: { flags: '--no-validate', description: 'send --file as it is, without checking it first (the platform still checks it)' },
  wait: { flags: '--wait', description: 'wait until the platform has processed the document; exit 1 if it could not' },
  waitTimeout: { flags: '--wait-timeout <duration>', description: 'how long --wait waits, e.g. 90s, 10m (default 5m; implies --wait)' },
} as const;

const WAIT_HELP = `With --wait, the command polls the specification (with backoff) until its
processingState is complete, then prints it. It exits 1 if the platform reports
a lastProcessErrorCode (FETCH_ERROR, FETCH_TIMEOUT, PARSE_ERROR, ...), with the
errors, or if --wait-timeout is reached first.`;

/** The version request: `latest` (or none) has a path of its own. */
function versionRequest(ctx: Context, org: string, slug: string, versionId: string | undefined, which: 'version' | 'content') {
  const latest = versionId === undefined || versionId === 'latest';
  const names = { 'param:specSlug': 'slug', 'param:versionId': 'version id' };
  const params = { organizationId: org, specSlug: slug, ...(latest ? {} : { versionId }) } as Record<string, string>;
  if (which === 'version') return latest ? ctx.api.request('openapi.latestVersion', { params }, names) : ctx.api.request('openapi.version', { params }, names);
  return latest ? ctx.api.request('openapi.latestContent', { params }, names) : ctx.api.request('openapi.content', { params }, names);
}

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list the organization's OpenAPI specifications",
    examples: ['list', "list --jq '.[] | select(.lastProcessErrorCode) | .slug'"],
    operation: 'openapi.list',
    output: { list: SPEC_COLUMNS, fields: SPEC_FIELDS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show an OpenAPI specification, with its processing state',
    examples: ['get petstore', 'get petstore --fields processingState,lastProcessErrorCode'],
    args: [SLUG],
    operation: 'openapi.get',
    output: { item: SPEC_DETAIL, fields: SPEC_FIELDS },
  }),
  defineCommand({
    name: 'create',
    summary: 'create an OpenAPI specification from a URL or a file (fails if the slug exists)',
    help: WAIT_HELP,
    examples: ['create petstore --url https://example.com/openapi.yaml', 'create petstore --file openapi.yaml --wait'],
    args: [{ ...SLUG, param: undefined, body: 'slug' }],
    flags: SOURCE_FLAGS,
    operation: 'openapi.create',
    output: { item: SPEC_DETAIL, fields: SPEC_FIELDS },
    run: (ctx, { args, opts }) => publishSpec(ctx, 'openapi.create', args[0], opts),
  }),
  defineCommand({
    name: 'publish',
    summary: 'create or update an OpenAPI specification (safe to repeat), from a URL or a file',
    help: `Creates the specification (201) or adds a version to it (200), as said on\nstderr. --file sends the document itself, so a CI job can publish the spec of\nits repository.\n\n${WAIT_HELP}`,
    examples: ['publish petstore --file openapi.yaml --wait', 'publish petstore --url https://example.com/openapi.yaml', 'publish petstore --file - --wait --wait-timeout 10m < openapi.json'],
    args: [SLUG],
    flags: SOURCE_FLAGS,
    operation: 'openapi.publish',
    output: { item: SPEC_DETAIL, fields: SPEC_FIELDS },
    run: (ctx, { args, opts }) => publishSpec(ctx, 'openapi.publish', args[0], opts),
  }),
  defineCommand({
    name: 'validate',
    summary: 'check an OpenAPI or Swagger document as the platform checks it, sending nothing',
    help: `Checks a YAML or JSON file as OpenAPI 3.0, 3.1, 3.2 or Swagger 2.0: its
structure and that every $ref points to something. Each error is printed on
stderr as FILE:LINE:COLUMN: $.json.path: message, and the command exits 2
(--json puts the errors in the error object). A $ref to another file or a URL
is an error: nothing is read but the file, nothing is fetched. The same check
runs before \`openapi create\` and \`openapi publish\` send a --file.`,
    examples: ['validate openapi.yaml', 'validate - < openapi.json', 'validate openapi.yaml --json'],
    args: [{ name: 'file', description: 'the YAML or JSON document (- reads stdin)', path: { kind: 'typed', use: 'openapi' } }],
    output: { item: VALIDATION_DETAIL },
    async run(ctx, { args }) {
      const shown = args[0] === '-' ? '(stdin)' : args[0];
      const check = await checkDocument(ctx, '', shown, await ctx.readUserFile('file', args[0], { use: 'openapi' }));
      ctx.output.note(`${shown}: a valid ${check.specification} ${check.version} document`);
      await ctx.output.item({ file: shown, valid: true, specification: check.specification, version: check.version, title: check.title }, VALIDATION_DETAIL);
    },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete OpenAPI specifications and their versions',
    examples: ['delete petstore --yes', "list --jq '.[].slug' | docplat openapi delete - --yes"],
    args: [{ ...SLUG, description: undefined }],
    operation: 'openapi.delete',
    bulk: { what: 'OpenAPI specification', done: 'deleted' },
    confirm: 'Delete',
  }),
  defineCommand({
    name: 'versions',
    summary: 'list the versions of an OpenAPI specification, newest first',
    examples: ['versions petstore', "versions petstore --jq '.[0].id'"],
    args: [SLUG],
    operation: 'openapi.versions',
    output: { list: VERSION_COLUMNS },
  }),
  defineCommand({
    name: 'version',
    summary: 'show a version of an OpenAPI specification (default: the latest)',
    examples: ['version petstore', 'version petstore <versionId> --json'],
    args: [SLUG, VERSION],
    operation: 'openapi.version',
    output: { item: VERSION_DETAIL },
    async run(ctx, { args, opts }) {
      const request = versionRequest(ctx, await ctx.org(), args[0], args[1], 'version');
      if (opts.dryRun) return ctx.api.dryRun([request]);
      await ctx.output.item((await ctx.api.send(request)).data, VERSION_DETAIL);
    },
  }),
  defineCommand({
    name: 'content',
    summary: "print the document of a version (default: the latest); --json shows the version's content object",
    help: `Prints the document itself on stdout, as the platform stores it (YAML or
JSON), so \`docplat openapi content petstore > openapi.yaml\` saves it.
--dest writes it to a file instead (atomically; it refuses to overwrite a file
without --force) and prints nothing on stdout; --dest - is stdout.
--json, --output, --fields and --jq show the version's content object (its
url and filesystem) instead of the document.`,
    examples: ['content petstore > openapi.yaml', 'content petstore <versionId> --dest spec.yaml --force', 'content petstore --json'],
    args: [SLUG, VERSION],
    flags: {
      dest: { flags: '--dest <path>', description: 'write the document to this file (- for stdout) instead of printing it' },
      force: { flags: '--force', description: 'with --dest, overwrite an existing file' },
    },
    operation: 'openapi.content',
    output: { item: CONTENT_DETAIL },
    async run(ctx, { args, opts }) {
      if (opts.force && opts.dest === undefined) throw new UsageError('--force only applies with --dest');
      const toFile = opts.dest !== undefined && opts.dest !== '-';
      const g = ctx.globals;
      const asObject = !!(g.json || g.jsonl || g.output || g.fields || g.jq);
      if (opts.dest !== undefined && asObject) throw new UsageError('--dest writes the document: it cannot be used with --json, --output, --fields or --jq');
      if (toFile) checkDest(opts.dest!, !!opts.force);
      const request = versionRequest(ctx, await ctx.org(), args[0], args[1], 'content');
      if (opts.dryRun) return ctx.api.dryRun([request]);
      const content = (await ctx.api.send(request)).data as { url?: string; urls?: { source?: string } };
      if (asObject && opts.dest === undefined) return ctx.output.item(content, CONTENT_DETAIL);
      const url = content.url ?? content.urls?.source;
      // API data is untrusted: only an absolute http(s) URL is fetched (a path would go to the API, with the token).
      if (!url || !/^https?:\/\//i.test(url)) throw new DocplatError(`the version content has no http(s) url to download the document from${url ? ` (got "${url}")` : ''}`);
      if (!toFile) return ctx.output.document(await fetchDocument(ctx, url));
      const bytes = await download(ctx, url, opts.dest!, !!opts.force);
      ctx.output.note(`wrote ${bytes} bytes to ${opts.dest}`);
    },
  }),
];
