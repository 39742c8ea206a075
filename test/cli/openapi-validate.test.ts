// docplat openapi validate, and the same check before `openapi create/publish
// --file` sends anything: every error with its JSON path and line:column,
// exit 2, nothing sent; --no-validate sends the file and the sandbox
// (same validator) answers PARSE_ERROR with the errors.
import { createServer } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, tempFiles, tsv, useTestApi } from '../helpers.js';

const api = useTestApi({ processingMs: 300 });

const { dir, file } = tempFiles();

const GOOD = file(
  'good.yaml',
  `openapi: 3.0.3
info:
  title: Orders
  version: "1.0"
paths:
  /orders/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Order'}
components:
  schemas:
    Order: {type: object}
`,
);
const PATHS_5 = file('paths5.yaml', 'openapi: 3.0.0\ninfo:\n  title: Orders\n  version: "1.0"\npaths: 5\n');
const DANGLING = file(
  'dangling.yaml',
  `openapi: 3.1.0
info: {title: Orders, version: "1.0"}
paths:
  /orders:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Missing'
`,
);
const SEVERAL = file(
  'several.yaml',
  `openapi: 3.1.0
info:
  version: "1.0"
paths:
  /a:
    get:
      responses:
        '200': {description: ok}
    bogus: 1
servers: 7
`,
);
const SWAGGER_BAD = file('swagger.json', JSON.stringify({ swagger: '2.0', info: { title: 'S', version: '1' }, paths: { '/a': { get: { responses: { '200': { descriptio: 'ok' } } } } } }, null, 2));

describe('openapi validate', () => {
  it('a valid document: exit 0, what it is on stdout', async () => {
    const r = await api.cli(['openapi', 'validate', GOOD]);
    expect(r.code, r.stderr).toBe(0);
    expect(tsv(r.stdout)).toEqual([['file', GOOD], ['valid', 'true'], ['specification', 'OpenAPI'], ['version', '3.0.3'], ['title', 'Orders']]);
    expect(r.stderr).toBe(`${GOOD}: a valid OpenAPI 3.0.3 document\n`);
    const swagger = await api.cli(['openapi', 'validate', '-', '--json'], { input: JSON.stringify({ swagger: '2.0', info: { title: 'S', version: '1' }, paths: {} }) });
    expect(swagger.code, swagger.stderr).toBe(0);
    expect(JSON.parse(swagger.stdout)).toEqual({ file: '(stdin)', valid: true, specification: 'Swagger', version: '2.0', title: 'S' });
  });

  it('`paths: 5` is invalid: exit 2, the JSON path and the line and column', async () => {
    const r = await api.cli(['openapi', 'validate', PATHS_5]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([`error: ${PATHS_5}:5:8: $.paths: Expected type "Paths" (object) but got "integer"`]);
  });

  it('a $ref to nothing is invalid, at the $ref', async () => {
    const r = await api.cli(['openapi', 'validate', DANGLING]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `error: ${DANGLING}:12:17: $.paths['/orders'].get.responses['200'].content['application/json'].schema: $ref "#/components/schemas/Missing" points to nothing in this document`,
    ]);
  });

  it('every error is listed, one line each, in the order of the file; --json puts them in the error object', async () => {
    const r = await api.cli(['openapi', 'validate', SEVERAL]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `${SEVERAL}:2:1: $.info: The field "title" must be present on this level`,
      `${SEVERAL}:9:5: $.paths['/a'].bogus: Property "bogus" is not expected here`,
      `${SEVERAL}:10:10: $.servers: Expected type "ServerList" (array) but got "integer"`,
      `error: ${SEVERAL}: not a valid OpenAPI 3.1.0 document: 3 errors (above)`,
    ]);
    const json = await api.cli(['openapi', 'validate', SEVERAL, '--json']);
    expect(json.code).toBe(2);
    expect(json.stdout).toBe('');
    const { error } = JSON.parse(json.stderr);
    expect(error).toMatchObject({ exitCode: 2, kind: 'validation', message: `${SEVERAL}: not a valid OpenAPI 3.1.0 document: 3 errors` });
    expect(error.errors).toEqual([
      { path: '$.info', line: 2, column: 1, message: 'The field "title" must be present on this level' },
      { path: "$.paths['/a'].bogus", line: 9, column: 5, message: 'Property "bogus" is not expected here' },
      { path: '$.servers', line: 10, column: 10, message: 'Expected type "ServerList" (array) but got "integer"' },
    ]);
  });

  it('Swagger 2.0 is checked as Swagger (JSON positions too), with a suggestion for a misspelt key', async () => {
    const r = await api.cli(['openapi', 'validate', SWAGGER_BAD]);
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toEqual([
      `${SWAGGER_BAD}:11:11: $.paths['/a'].get.responses['200']: The field "description" must be present on this level`,
      `${SWAGGER_BAD}:12:13: $.paths['/a'].get.responses['200'].descriptio: Property "descriptio" is not expected here (did you mean "description"?)`,
      `error: ${SWAGGER_BAD}: not a valid Swagger 2.0 document: 2 errors (above)`,
    ]);
  });

  it('an unquoted or unsupported version is named as written', async () => {
    const r = await api.cli(['openapi', 'validate', file('number.yaml', 'openapi: 3.0\ninfo: {title: T, version: "1"}\npaths: {}\n')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/number\.yaml:1:10: \$\.openapi: "openapi" must be a string such as "3\.0\.3" or "3\.1\.0" \(3\.0, 3\.1 and 3\.2 are supported\), got 3\.0 \(a number: quote it\)\n$/);
    const four = await api.cli(['openapi', 'validate', file('four.yaml', 'openapi: "4.0.0"\ninfo: {title: T, version: "1"}\npaths: {}\n')]);
    expect(four.code).toBe(2);
    expect(four.stderr).toMatch(/four\.yaml:1:10: \$\.openapi: "openapi" must be .*, got "4\.0\.0"/);
  });

  it('a $ref to another file or a URL is refused, and nothing is read or fetched', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('Order: {type: object}\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/schemas.yaml#/Order`;
      file('schemas.yaml', 'Order: {type: object}\n');
      const doc = (ref: string) => `openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n  /o:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: '${ref}'}\n`;
      for (const ref of [url, 'schemas.yaml#/Order']) {
        const path = file('external.yaml', doc(ref));
        const r = await api.cli(['openapi', 'validate', path]);
        expect(r.code).toBe(2);
        expect(lines(r.stderr)).toEqual([
          `error: ${path}:11:23: $.paths['/o'].get.responses['200'].content['application/json'].schema: $ref "${ref}" points outside this file: docplat checks one file and fetches nothing (bundle the document into one file first)`,
        ]);
      }
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  it('bad input: a missing file, no argument', async () => {
    const missing = await api.cli(['openapi', 'validate', join(dir, 'nope.yaml')]);
    expect(missing.code).toBe(2);
    expect(lines(missing.stderr)).toEqual([`error: file: cannot read "${join(dir, 'nope.yaml')}": no such file`]);
    const none = await api.cli(['openapi', 'validate']);
    expect(none.code).toBe(2);
  });
});

describe('openapi create and publish check --file first', () => {
  it('an invalid file is refused before anything is sent (also with --dry-run), naming --no-validate', async () => {
    const before = api.sandbox.requestCount;
    for (const verb of ['publish', 'create']) {
      for (const extra of [[], ['--dry-run']]) {
        const r = await api.cli(['openapi', verb, 'orders', '--file', PATHS_5, ...extra]);
        expect(r.code).toBe(2);
        expect(r.stdout).toBe('');
        expect(lines(r.stderr)).toEqual([
          `error: --file ${PATHS_5}:5:8: $.paths: Expected type "Paths" (object) but got "integer"; nothing was sent (--no-validate sends the file as it is)`,
        ]);
      }
    }
    const several = await api.cli(['openapi', 'publish', 'orders', '--file', '-'], { input: `openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: 5\nservers: 7\n` });
    expect(several.code).toBe(2);
    expect(lines(several.stderr)).toEqual([
      '(stdin):3:8: $.paths: Expected type "Paths" (object) but got "integer"',
      '(stdin):4:10: $.servers: Expected type "ServerList" (array) but got "integer"',
      'error: --file (stdin): not a valid OpenAPI 3.0.0 document: 2 errors (above); nothing was sent (--no-validate sends the file as it is)',
    ]);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('--no-validate sends the file as it is; the sandbox checks it the same way: PARSE_ERROR with every error', async () => {
    const dry = await api.cli(['openapi', 'publish', 'unchecked', '--file', PATHS_5, '--no-validate', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(JSON.stringify({ source: { text: 'openapi: 3.0.0\ninfo:\n  title: Orders\n  version: "1.0"\npaths: 5\n' } }));
    const r = await api.cli(['openapi', 'publish', 'unchecked', '--file', DANGLING, '--no-validate', '--wait', '--json']);
    expect(r.code).toBe(1);
    const spec = JSON.parse(r.stdout);
    expect(spec).toMatchObject({ processingState: 'complete', lastProcessErrorCode: 'PARSE_ERROR', lastProcessedErrorCount: 1 });
    expect(spec.lastProcessedErrors).toEqual([
      { code: 'PARSE_ERROR', message: `line 12, column 17: $.paths['/orders'].get.responses['200'].content['application/json'].schema: $ref "#/components/schemas/Missing" points to nothing in this document` },
    ]);
    const several = await api.cli(['openapi', 'publish', 'unchecked', '--file', SEVERAL, '--no-validate', '--wait']);
    expect(several.code).toBe(1);
    expect(lines(several.stderr).at(-1)).toBe(
      `error: the platform could not process "unchecked": PARSE_ERROR: line 2, column 1: $.info: The field "title" must be present on this level; line 9, column 5: $.paths['/a'].bogus: Property "bogus" is not expected here; line 10, column 10: $.servers: Expected type "ServerList" (array) but got "integer"`,
    );
    // A good document publishes; create --file checks too.
    const good = await api.cli(['openapi', 'create', 'checked', '--file', GOOD, '--wait', '--fields', 'processingState,lastProcessErrorCode']);
    expect(good.code, good.stderr).toBe(0);
    expect(tsv(good.stdout)).toEqual([['complete', '']]);
  });

  it('a publish from a file clears the sourceURL of a spec published from a URL', async () => {
    const server = createServer((_req, res) => res.end('openapi: 3.1.0\ninfo: {title: Remote, version: "1"}\npaths: {}\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/openapi.yaml`;
      const fromUrl = await api.cli(['openapi', 'publish', 'moving', '--url', url, '--wait', '--json']);
      expect(fromUrl.code, fromUrl.stderr).toBe(0);
      expect(JSON.parse(fromUrl.stdout).sourceURL).toBe(url);
      const fromFile = await api.cli(['openapi', 'publish', 'moving', '--file', GOOD, '--wait', '--json']);
      expect(fromFile.code, fromFile.stderr).toBe(0);
      expect(JSON.parse(fromFile.stdout).sourceURL).toBeUndefined();
    } finally {
      server.close();
    }
  });
});
