// Bad input of sso, custom-fields and translations: exit 2, one line naming
// the flag or argument and the rule, nothing sent. `custom-fields set` reads
// the field definitions once (one GET) and refuses before any change is sent.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CERTIFICATE } from '../../src/sandbox/families/sso/index.js';
import { tempDir, useTestApi } from '../helpers.js';
import { badInputTests, long, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();

const dir = tempDir();
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const block = (label: string, body: string) => `-----BEGIN ${label}-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
const certFlags = (path: string) => ['sso', 'create', '--label', 'L', '--certificate-file', path];
const folder = join(dir, 'a-folder');
mkdirSync(folder);

const READ = { reads: 1 };

const CASES: BadInputCase[] = [
  // sso
  [['sso', 'create', '--label', long(31)], /--label must be 1 to 30 characters \(got "x{31}"\)/],
  [['sso', 'create', '--label', '   '], /--label is (empty|blank)/],
  [['sso', 'create'], /--label is required/],
  [['sso', 'create', '--label', 'L', '--sso-url', 'not a url'], /--sso-url must be an absolute http or https URL/],
  [['sso', 'create', '--label', 'L', '--sso-url', 'ftp://idp.example/sso'], /--sso-url must be an absolute http or https URL/],
  [['sso', 'update', 'P', '--sso-url', `https://idp.example/${long(2030)}`], /--sso-url must be at most 2048 characters/],
  [['sso', 'create', '--label', 'L', '--entity-id', long(1025)], /--entity-id must be at most 1024 characters/],
  [['sso', 'create', '--label', 'L', '--default-role', 'owner'], /--default-role must be one of admin, create, review, edit, comment, read/],
  [['sso', 'create', '--label', 'L', '--default-team', 'a/b'], /invalid --default-team team id "a\/b"/],
  [certFlags(join(dir, 'missing.pem')), /--certificate-file: cannot read ".*missing\.pem": no such file/],
  [certFlags(folder), /--certificate-file: cannot read ".*a-folder": it is a folder/],
  [certFlags(file('hello.txt', 'hello\n')), /--certificate-file is not a PEM certificate: it has no -----BEGIN CERTIFICATE----- block/],
  [certFlags(file('key.pem', block('PRIVATE KEY', long(200, 'A')))), /--certificate-file holds a private key/],
  [certFlags(file('two.pem', DEMO_CERTIFICATE + '\n' + DEMO_CERTIFICATE)), /--certificate-file holds 2 certificates/],
  [certFlags(file('garbage.pem', block('CERTIFICATE', long(400, 'A')))), /--certificate-file holds a CERTIFICATE block that is not a valid X\.509 certificate/],
  [certFlags(file('long.pem', block('CERTIFICATE', long(9900, 'A')))), /--certificate-file must be at most 10000 characters/],
  [['sso', 'update', 'P', '--certificate-file', '-'], /--certificate-file is not a PEM certificate/, { input: 'not a certificate' }],
  [['sso', 'update', 'P'], /nothing to change: give at least one of --label, --entity-id/],
  [['sso', 'get', 'a/b'], /invalid provider id "a\/b"/],
  [['sso', 'delete', 'P'], /needs confirmation; pass --yes/],
  [['sso', 'login-options', '--limit', '5'], /unknown option '--limit'/],
  [['sso', 'list', '--limit', '0'], /--limit must be a whole number of at least 1/],
  // custom-fields: declarations
  [['custom-fields', 'create', '--name', 'Bad Name', '--type', 'text'], /--name must be lowercase letters, digits, _ and - \(got "Bad Name"\)/],
  [['custom-fields', 'create', '--name', 'é', '--type', 'text'], /--name must be lowercase letters, digits, _ and -/],
  [['custom-fields', 'create', '--name', long(51), '--type', 'text'], /--name must be 1 to 50 characters/],
  [['custom-fields', 'create', '--name', 'ok', '--type', 'date'], /--type must be one of text, number, boolean, tags, select:multi, select:single/],
  [['custom-fields', 'create', '--name', 'ok', '--type', 'text', '--option', 'a'], /--option is only for select:single and select:multi fields, not text/],
  [['custom-fields', 'create', '--name', 'ok', '--type', 'select:single'], /a select:single field needs its choices: give --option at least once/],
  [['custom-fields', 'create', '--name', 'ok', '--type', 'select:multi', '--option', long(41)], /--option must be 1 to 40 characters/],
  [['custom-fields', 'create', '--name', 'ok', '--type', 'select:multi', ...Array.from({ length: 51 }, (_, i) => ['--option', `o${i}`]).flat()], /--option must be 1 to 50 items/],
  [['custom-fields', 'create', '--name', 'ok', '--type', 'text', '--title', long(101)], /--title must be at most 100 characters/],
  [['custom-fields', 'update', 'owner', '--description', long(201)], /--description must be at most 200 characters/],
  [['custom-fields', 'update', 'owner', '--placeholder', long(101)], /--placeholder must be at most 100 characters/],
  [['custom-fields', 'update', 'owner'], /nothing to change: give at least one of --title, --description, --placeholder, --option/],
  [['custom-fields', 'create', '--type', 'text'], /--name is required/],
  [['custom-fields', 'get', 'Owner'], /name must be lowercase letters, digits, _ and - \(got "Owner"\)/],
  [['custom-fields', 'delete', 'ok', 'UPPER', '--yes'], /name must be lowercase letters/],
  [['custom-fields', 'values', 'a/b'], /invalid space id "a\/b"/],
  // custom-fields set: words and ids, before any request
  [['custom-fields', 'set', 'S'], /nothing to set: give name=value words after the space id/],
  [['custom-fields', 'set', 'S', 'owner'], /expected name=value, got "owner"/],
  [['custom-fields', 'set', 'S', '=x'], /expected name=value, got "=x"/],
  [['custom-fields', 'set', 'a/b', 'owner=x'], /invalid space id "a\/b"/],
  [['custom-fields', 'set', '-', 'owner=x'], /with - the values come from stdin/],
  [['custom-fields', 'set', '-'], /stdin holds no "<spaceId> name=value\.\.\." lines/, { input: '# nothing\n\n' }],
  [['custom-fields', 'set', '-'], /line 2: space S2 has no name=value words/, { input: 'S1 owner=x\nS2\n' }],
  [['custom-fields', 'set', '-'], /line 1: a quote is not closed/, { input: 'S1 owner="Docs team\n' }],
  [['custom-fields', 'set', '-'], /line 1: invalid space id "a\?b"/, { input: 'a?b owner=x\n' }],
  [['custom-fields', 'set', 'S', 'owner=x', '--concurrency', '0'], /--concurrency must be a whole number from 1 to 64/],
  // custom-fields set: values checked against the fields (read once), before any change
  [['custom-fields', 'set', 'S', 'colour=red'], /unknown custom field "colour": the organization's fields are audience, owner, review-days, deprecated, keywords, platforms/, READ],
  [['custom-fields', 'set', 'S', 'review-days=ten'], /review-days=ten: the number field "review-days" takes a number/, READ],
  [['custom-fields', 'set', 'S', 'review-days=0x10'], /the number field "review-days" takes a number/, READ],
  [['custom-fields', 'set', 'S', 'deprecated=yes'], /deprecated=yes: the boolean field "deprecated" takes true or false/, READ],
  [['custom-fields', 'set', 'S', 'audience=everyone'], /audience=everyone: the select:single field "audience" takes one of internal, partners, public/, READ],
  [['custom-fields', 'set', 'S', 'audience=public,internal'], /takes one of internal, partners, public/, READ],
  [['custom-fields', 'set', 'S', 'platforms=web,tv'], /the select:multi field "platforms" takes values among web, ios, android, cli/, READ],
  [['custom-fields', 'set', 'S', `owner=${long(257)}`], /the text field "owner" takes text of at most 256 characters/, READ],
  [['custom-fields', 'set', 'S', `keywords=a,${long(257)}`], /the tags field "keywords" takes a list of tags of at most 256 characters each/, READ],
  [['custom-fields', 'set', 'S', 'owner=ok', 'nope=1'], /unknown custom field "nope"/, READ],
  [['custom-fields', 'set', '-'], /line 3: deprecated=maybe: the boolean field "deprecated" takes true or false/, { input: 'S1 owner=x\n# a comment\nS2 deprecated=maybe\n', reads: 1 }],
  // translations
  [['translations', 'create', '--title', ''], /--title is empty/],
  [['translations', 'create', '--title', long(101)], /--title must be 1 to 100 characters/],
  [['translations', 'create'], /--title is required/],
  [['translations', 'update', 'T'], /--title is required/],
  [['translations', 'update', 'T', '--title', long(50, '語') + long(51, 'é')], /--title must be 1 to 100 characters/],
  [['translations', 'get', 'a b'], /invalid translation id "a b"/],
  [['translations', 'delete', 'T'], /needs confirmation; pass --yes/],
  [['translations', 'delete', 'ok', '../x', '--yes'], /invalid translation id "\.\.\/x"/],
];

describe('bad input: sso, custom-fields, translations', () => {
  it(`has at least 25 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
  });

  badInputTests(api, CASES);
});
