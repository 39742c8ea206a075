// Bad input of the openapi and integrations groups: each row exits 2 with one
// line that names the flag, argument or manifest key and the rule, and the
// sandbox receives no request (the table machinery of runner-bad-input.test.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFiles, useTestApi } from '../helpers.js';
import { badInputTests, type BadInputCase as BadInput } from './bad-input-table.js';

const api = useTestApi();

const { dir, file } = tempFiles();
const long = (n: number, c = 'x') => c.repeat(n);

const GOOD_DOC = file('good.yaml', 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths: {}\n');
const NOT_YAML = file('broken.yaml', 'openapi: 3.1.0\npaths: [unclosed\n');
const NOT_JSON = file('broken.json', '{"openapi": "3.1.0", "paths": {');
const NO_VERSION = file('no-version.yaml', 'info:\n  title: Not quite\npaths: {}\n');
const A_LIST = file('list.yaml', '- openapi: 3.1.0\n');
const EMPTY = file('empty.yaml', '\n');
const EXISTING = file('existing.yaml', 'mine');

writeFileSync(join(dir, 'script.js'), 'export default {};\n');
mkdirSync(join(dir, 'img'));
for (const n of [1, 2, 3, 4]) writeFileSync(join(dir, 'img', `${n}.png`), Buffer.from([137, 80, 78, 71]));
const BASE = ['title: Widget', 'description: A widget', 'script: script.js', 'organization: ORG'];
/** A manifest of the base keys, minus `drop`, plus `extra` lines. */
const manifest = (name: string, drop: string[] = [], extra: string[] = []) =>
  file(name, [...BASE.filter((l) => !drop.includes(l.split(':')[0])), ...extra].join('\n') + '\n');

const CASES: BadInput[] = [
  // slugs, checked locally for every command that takes one
  [['openapi', 'get', 'Bad_Slug'], /slug must be lowercase letters and digits, words joined by - \(got "Bad_Slug"\)/],
  [['openapi', 'get', 'a--b'], /slug must be lowercase letters and digits, words joined by -/],
  [['openapi', 'versions', '-leading'], /unknown option|slug must be/],
  [['openapi', 'publish', long(101, 'a'), '--file', GOOD_DOC], /slug must be 1 to 100 characters/],
  [['openapi', 'create', 'Has Space', '--file', GOOD_DOC], /slug must be lowercase letters and digits/],
  [['openapi', 'delete', 'ok', 'NOT_OK', '--yes'], /slug must be lowercase letters and digits, words joined by - \(got "NOT_OK"\)/],
  [['openapi', 'content', 'UPPER'], /slug must be lowercase/],
  [['openapi', 'version', 'petstore', 'a/b'], /invalid version id "a\/b"/],
  // the source
  [['openapi', 'publish', 'ok', '--url', 'https://example.com/a.yaml', '--file', GOOD_DOC], /--url and --file cannot be used together/],
  [['openapi', 'publish', 'ok'], /give the document with --url <url> or --file <path>/],
  [['openapi', 'create', 'ok'], /give the document with --url <url> or --file <path>/],
  [['openapi', 'publish', 'ok', '--file', join(dir, 'missing.yaml')], /--file: cannot read ".*missing\.yaml": no such file/],
  [['openapi', 'publish', 'ok', '--file', dir], /--file: cannot read .*: it is a folder/],
  [['openapi', 'publish', 'ok', '--file', NOT_YAML], /--file .*broken\.yaml:\d+:\d+: not YAML or JSON: Flow sequence/],
  [['openapi', 'publish', 'ok', '--file', NOT_JSON], /--file .*broken\.json:1:\d+: not YAML or JSON/],
  [['openapi', 'publish', 'ok', '--file', NO_VERSION], /--file .*no-version\.yaml:1:1: not an OpenAPI document: it has no "openapi" or "swagger" version field/],
  [['openapi', 'publish', 'ok', '--file', A_LIST], /not an OpenAPI document: the top level is not a mapping/],
  [['openapi', 'publish', 'ok', '--file', EMPTY], /--file .*empty\.yaml: the document is empty/],
  [['openapi', 'publish', 'ok', '--url', 'specs/openapi.yaml'], /--url must be an absolute http or https URL/],
  [['openapi', 'publish', 'ok', '--url', 'https://example.com/a.yaml', '--no-validate'], /--no-validate only applies with --file \(the platform fetches --url itself\)/],
  [['openapi', 'publish', 'ok', '--file', file('paths5.yaml', 'openapi: 3.0.0\ninfo: {title: T, version: "1"}\npaths: 5\n')], /--file .*paths5\.yaml:3:8: \$\.paths: Expected type "Paths" \(object\) but got "integer"; nothing was sent/],
  [['openapi', 'validate', NO_VERSION], /no-version\.yaml:1:1: not an OpenAPI document: it has no "openapi" or "swagger" version field/],
  [['openapi', 'publish', 'ok', '--url', 'ftp://example.com/a.yaml'], /--url must be an absolute http or https URL/],
  [['openapi', 'publish', 'ok', '--url', '  '], /--url is blank/],
  [['openapi', 'publish', 'ok', '--url', `https://example.com/${long(2040)}`], /--url must be at most 2048 characters/],
  // --wait-timeout
  [['openapi', 'publish', 'ok', '--file', GOOD_DOC, '--wait-timeout', 'soon'], /--wait-timeout must be a duration above 0 and at most 24h, such as 90s, 5m or 1h, got "soon"/],
  [['openapi', 'publish', 'ok', '--file', GOOD_DOC, '--wait', '--wait-timeout', '0'], /--wait-timeout must be a duration/],
  [['openapi', 'create', 'ok', '--file', GOOD_DOC, '--wait-timeout', '-5m'], /--wait-timeout must be a duration/],
  [['openapi', 'publish', 'ok', '--file', GOOD_DOC, '--wait-timeout', '2d'], /--wait-timeout must be a duration/],
  // content --dest
  [['openapi', 'content', 'petstore', '--dest', EXISTING], /--dest: .*existing\.yaml exists; pass --force to overwrite it/],
  [['openapi', 'content', 'petstore', '--dest', join(dir, 'no', 'such', 'x.yaml')], /--dest: the folder .* does not exist/],
  [['openapi', 'content', 'petstore', '--force'], /--force only applies with --dest/],
  [['openapi', 'delete', 'petstore'], /needs confirmation; pass --yes/],
  // integrations list
  [['integrations', 'list', '--block-domain', 'a/b'], /--block-domain must be letters, digits, -, _ and \. \(got "a\/b"\)/],
  [['integrations', 'list', '--block-domain', long(101)], /--block-domain must be at most 100 characters/],
  [['integrations', 'list', '--category', 'fun'], /--category must be one of analytics, captures, collaboration/],
  [['integrations', 'list', '--owner', 'a/b'], /invalid --owner organization id "a\/b"/],
  [['integrations', 'list', '--search', ' '], /--search is blank/],
  [['integrations', 'list', '--limit', '0'], /--limit must be a whole number/],
  // integration names
  [['integrations', 'get', 'has space'], /integration must be letters, digits, -, _ and \./],
  [['integrations', 'get', long(101)], /integration must be at most 100 characters/],
  [['integrations', 'unpublish', 'widget'], /Unpublish integration widget: needs confirmation; pass --yes/],
  [['integrations', 'installations', 'widget', '--external-id', ''], /--external-id is empty/],
  // the manifest
  [['integrations', 'publish', 'widget'], /--manifest is required/],
  [['integrations', 'publish', 'widget', '--manifest', '-'], /--manifest needs a file: the files it names are read relative to it/],
  [['integrations', 'publish', 'widget', '--manifest', join(dir, 'nope.yaml')], /--manifest: cannot read ".*nope\.yaml": no such file/],
  [['integrations', 'publish', 'widget', '--manifest', NOT_YAML], /--manifest .*broken\.yaml:\d+:\d+: not YAML or JSON/],
  [['integrations', 'publish', 'widget', '--manifest', A_LIST], /--manifest .*list\.yaml:1:1: not a manifest: the top level is not a mapping/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('no-title.yaml', ['title'])], /--manifest "title" must be given \(it is required\)/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('no-org.yaml', ['organization'])], /--manifest "organization" must be given \(it is required\)/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('no-script.yaml', ['script'])], /--manifest "script" must be given \(it is required\)/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('gone-script.yaml', ['script'], ['script: src/gone.js'])], /--manifest .*gone-script\.yaml: "script": cannot read "src\/gone\.js": no such file/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('gone-icon.yaml', [], ['icon: img/missing.png'])], /"icon": cannot read "img\/missing\.png": no such file/],
  [
    ['integrations', 'publish', 'widget', '--manifest', manifest('four.yaml', [], ['previewImages: [img/1.png, img/2.png, img/3.png, img/4.png]'])],
    /"previewImages" must be at most 3 items \(got 4\)/,
  ],
  [['integrations', 'publish', 'widget', '--manifest', manifest('title.yaml', ['title'], [`title: ${long(31)}`])], /--manifest "title" must be 2 to 30 characters/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('short.yaml', ['title'], ['title: W'])], /--manifest "title" must be 2 to 30 characters/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('desc.yaml', ['description'], [`description: ${long(101)}`])], /--manifest "description" must be at most 100 characters/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('summary.yaml', [], [`summary: ${long(2049)}`])], /--manifest "summary" must be at most 2048 characters/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('vis.yaml', [], ['visibility: secret'])], /--manifest "visibility" must be one of public, private, unlisted/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('colour.yaml', [], ['colour: red'])], /unknown key "colour"/],
  [['integrations', 'publish', 'widget', '--manifest', manifest('secrets.yaml', [], ['secrets: {KEY: 42}'])], /--manifest "secrets" must be a string/],
  [['integrations', 'publish', 'bad name', '--manifest', manifest('ok.yaml')], /integration must be letters, digits, -, _ and \./],
];

describe('bad input: openapi and integrations', () => {
  it(`has at least 15 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(15);
  });

  badInputTests(api, CASES);
});
