// Bad input to the site groups: exit 2, one line naming the flag and the
// rule, and no request sent (the machinery is in bad-input-table.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, useTestApi } from '../helpers.js';
import { badInputTests, long, type BadInputCase } from './bad-input-table.js';

const api = useTestApi();

const dir = tempDir();
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const GOOD_SCHEMA = JSON.stringify({ type: 'object', properties: {}, additionalProperties: false });
const S = ['--site', 'SITE'];

const CASES: BadInputCase[] = [
  // titles: the bounds differ between create and update
  [['sites', 'create', '--title', 'x'], /--title must be 2 to 128 characters \(got "x"\)/],
  [['sites', 'update', 'ID', '--title', long(129)], /--title must be 2 to 128 characters \(got 129 characters\)/],
  [['sites', 'create', '--title', '   '], /--title is (empty|blank)/],
  [['sections', 'create', ...S, '--space', 'SP', '--title', long(65)], /--title must be 2 to 64 characters \(got 65 characters\)/],
  [['sections', 'create', ...S, '--space', 'SP', '--title', 'x'], /--title must be 2 to 64 characters \(got "x"\)/],
  [['sections', 'update', 'SEC', ...S, '--title', 'x'], /--title must be 2 to 128 characters/],
  [['sections', 'update', 'SEC', ...S, '--title', long(129)], /--title must be 2 to 128 characters/],
  [['section-groups', 'create', ...S, '--title', long(101)], /--title must be 1 to 100 characters/],
  // paths and basenames
  [['sites', 'update', 'ID', '--basename', ''], /--basename (is empty|must be 1 to 100 characters)/],
  [['sites', 'update', 'ID', '--basename', long(101)], /--basename must be 1 to 100 characters/],
  [['sections', 'update', 'SEC', ...S, '--path', ''], /--path (is empty|must be 1 to 100 characters)/],
  [['site-spaces', 'update', 'SS', ...S, '--path', long(101)], /--path must be 1 to 100 characters/],
  // conditions, icons, descriptions, proxy
  [['sections', 'update', 'SEC', ...S, '--condition', long(1025)], /--condition must be 1 to 1024 characters \(got 1025 characters\)/],
  [['site-spaces', 'update', 'SS', ...S, '--condition', ''], /--condition (is empty|must be 1 to 1024 characters)/],
  [['sections', 'update', 'SEC', ...S, '--icon', long(51)], /--icon must be at most 50 characters/],
  [['section-groups', 'update', 'G', ...S, '--icon', long(51)], /--icon must be at most 50 characters/],
  [['sections', 'update', 'SEC', ...S, '--description', long(257)], /--description must be at most 256 characters/],
  [['sites', 'update', 'ID', '--proxy', long(513)], /--proxy must be at most 512 characters/],
  [['sites', 'update', 'ID', '--proxy', 'https://example.com/docs'], /--proxy must be a host and path such as docs.example.com\/help \(no scheme\)/],
  [['sites', 'update', 'ID', '--proxy', 'example.com'], /--proxy must be a host and path/],
  // enums and switches
  [['sites', 'update', 'ID', '--adaptive-content', 'yes'], /--adaptive-content must be on or off \(got "yes"\)/],
  [['sites', 'update', 'ID', '--adaptive-content', 'ON'], /--adaptive-content must be on or off/],
  [['sites', 'update', 'ID', '--visibility', 'secret'], /--visibility must be one of public, unlisted, share-link, visitor-auth/],
  [['sites', 'create', '--title', 'Docs', '--type', 'gold'], /--type must be one of basic, premium, ultimate/],
  // the adaptive schema file
  [['sites', 'set-adaptive-schema', 'ID'], /--file is required/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', join(dir, 'missing.json')], /--file: cannot read ".*missing\.json": no such file/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', dir], /--file: cannot read ".*": it is a folder/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', file('bad.json', '{\n  "type": "object",\n  "properties": {,\n}')], /--file is not valid JSON: line 3, column 18 near ",\\n}": Expected property name/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', file('cut.json', '{"type": "object", "properties": {')], /--file is not valid JSON: line 1, column 35 \(it ends too early\)/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', file('empty.json', '  \n')], /--file is empty: it must hold a JSON Schema object/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', file('list.json', '[1, 2]')], /--file is not an adaptive schema: the schema must be a JSON object/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', file('date.json', JSON.stringify({ type: 'object', properties: { plan: { type: 'date', description: 'Plan' } }, additionalProperties: false }))], /--file is not an adaptive schema: "properties.plan" must be a claim: \{"type": "boolean" \(or "string", "number", "array", "object"\)/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', file('deep.json', JSON.stringify({ type: 'object', properties: { tags: { type: 'array', description: 'Tags', items: { type: 'object', description: 'x', properties: {}, additionalProperties: false } } }, additionalProperties: false }))], /--file is not an adaptive schema: "properties.tags.items" must be a claim: \{"type": "boolean", "string" or "number"/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', file('open.json', JSON.stringify({ type: 'object', properties: {} }))], /--file is not an adaptive schema: "additionalProperties" must be false/],
  [['sites', 'set-adaptive-schema', 'ID', '--file', '-'], /--file is not valid JSON: line 1, column 2 near "o"/, { input: 'no' }],
  [['sites', 'set-adaptive-schema', 'ID/x', '--file', file('good.json', GOOD_SCHEMA)], /invalid site id "ID\/x"/],
  // share links
  [['share-links', 'create', ...S, '--name', long(51)], /--name must be at most 50 characters \(got 51 characters\)/],
  [['share-links', 'update', 'L', ...S, '--name', long(51)], /--name must be at most 50 characters/],
  [['share-links', 'create', ...S], /--name is required/],
  // combinations
  [['sites', 'list', '--published', '--unpublished'], /--published and --unpublished cannot be used together/],
  [['share-links', 'update', 'L', ...S, '--active', '--inactive'], /--active and --inactive cannot be used together/],
  [['sections', 'update', 'SEC', ...S, '--condition', 'x', '--no-condition'], /--condition and --no-condition cannot be used together/],
  [['sites', 'update', 'ID', '--no-proxy', '--proxy', 'example.com/docs'], /--proxy and --no-proxy cannot be used together/],
  [['site-spaces', 'list', ...S, '--default', '--no-default'], /--default and --no-default cannot be used together/],
  [['sections', 'move', 'SEC', ...S, '--before', 'A', '--after', 'B'], /--before and --after cannot be used together/],
  [['section-groups', 'move', 'G', ...S, '--before', 'A', '--after', 'B'], /--before and --after cannot be used together/],
  [['site-spaces', 'move', 'SS', ...S, '--after', 'a b'], /invalid --after id "a b"/],
  [['sites', 'update', 'ID'], /nothing to change: give at least one of --title, .*--proxy, --no-proxy$/],
  [['share-links', 'update', 'L', ...S], /nothing to change: give at least one of --name, --active, --inactive/],
  // the site and other ids
  [['sections', 'list'], /--site is required/],
  [['site-spaces', 'list', '--site', 'a/b'], /invalid --site id "a\/b"/],
  [['site-spaces', 'add', ...S], /--space is required/],
  [['site-spaces', 'add', ...S, '--space', 'SP', '--section', 'x?y'], /invalid --section id "x\?y"/],
  [['sites', 'update', 'ID', '--default-site-space', 'a b'], /invalid --default-site-space site space id "a b"/],
  [['section-groups', 'add-section', 'G', 'a#b', ...S], /invalid section id "a#b"/],
  [['sites', 'create', '--title', 'Docs', '--space', 'ok', '--space', 'a/b'], /invalid --space id "a\/b"/],
  // destructive verbs need --yes off a terminal
  [['sites', 'delete', 'ID'], /Delete site ID: needs confirmation; pass --yes/],
  [['share-links', 'delete', 'A', 'B', ...S], /Delete 2 share links: needs confirmation; pass --yes/],
  [['site-spaces', 'remove', 'SS', ...S], /Remove site space SS: needs confirmation/],
  [['section-groups', 'remove-section', 'G', 'SEC', ...S], /Remove section SEC: needs confirmation/],
];

describe('bad input to sites, sections, section-groups, site-spaces and share-links', () => {
  it(`has at least 20 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
  });

  badInputTests(api, CASES);
});
