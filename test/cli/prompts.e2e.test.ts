// On a terminal, a command missing a required argument or flag asks for it:
// an id is picked from a searchable list, a title typed, an enum chosen.
// Ctrl-C at a prompt exits 130; --no-input and DOCPLAT_NO_INPUT keep the usage error.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { converse, runInProcess, useTestApi } from '../helpers.js';

const api = useTestApi();

describe('prompts for what is missing', () => {
  it('spaces get with no id: the space is picked from a searchable list', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const list = JSON.parse((await runInProcess(['spaces', 'list', '--all', '--json'], { env })).stdout) as { id: string; title: string }[];
    // The last space with a title no other has: before the search, the cursor is on the first one.
    const target = list.filter((s) => list.filter((o) => o.title.includes(s.title)).length === 1).at(-1)!;
    expect(target.id).not.toBe(list[0].id);
    const escaped = target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const { code, screen } = await converse(['spaces', 'get', '--json'], env, [
      [/space id \(type to search\)/, target.title],
      [new RegExp(`❯ ${escaped} \\(${target.id}\\)`), '\r'],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(new RegExp(`"id": "${target.id}"`));
  });

  it('spaces create with no --title: the title is typed', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const { code, screen } = await converse(['spaces', 'create', '--json'], env, [[/title:/, 'Typed at a prompt\r']]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/"title": "Typed at a prompt"/);
    const titles = JSON.parse((await runInProcess(['spaces', 'list', '--all', '--json'], { env })).stdout).map((s: { title: string }) => s.title);
    expect(titles).toContain('Typed at a prompt');
  });

  it('a typed value that breaks its bounds is shown the bound and asked again, not sent', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const site = (await runInProcess(['sites', 'list', '--jq', '.[0].id'], { env })).stdout.trim();
    const space = (await runInProcess(['spaces', 'list', '--jq', '.[0].id'], { env })).stdout.trim();
    const long = 'x'.repeat(70); // a section title is 2 to 64 characters on create
    const before = api.sandbox.requestCount;
    const { code, screen } = await converse(['sections', 'create', '--site', site, '--space', space, '--json'], env, [
      [/title:/, `${long}\r`],
      [/title must be 2 to 64 characters/, `${'\x7f'.repeat(long.length)}Asked again\r`],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/"title": "Asked again"/);
    expect(api.sandbox.requestCount - before).toBe(1); // the create only: the long title was never sent
  });

  it('an argument with a fixed set of values is chosen from it', async () => {
    const { code, screen } = await converse(['completion'], api.env({ NO_COLOR: '1' }), [[/shell:/, '\x1b[B\r']]); // arrow down: zsh
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/#compdef docplat/);
  });

  it('Ctrl-C at a prompt exits 130 and sends nothing', async () => {
    const before = api.sandbox.requestCount;
    const { code, screen } = await converse(['spaces', 'create'], api.env({ NO_COLOR: '1' }), [[/title:/, '\x03']]);
    expect(code, screen).toBe(130);
    expect(api.sandbox.requestCount).toBe(before);
  });

  it('--no-input or DOCPLAT_NO_INPUT on a terminal: the usage error, no question', async () => {
    const flag = await converse(['spaces', 'create', '--no-input'], api.env({ NO_COLOR: '1' }), []);
    expect(flag.code).toBe(2);
    expect(flag.screen).toMatch(/error: --title is required/);
    const envVar = await converse(['spaces', 'get'], api.env({ NO_COLOR: '1', DOCPLAT_NO_INPUT: '1' }), []);
    expect(envVar.code).toBe(2);
    expect(envVar.screen).toMatch(/error: missing required argument 'spaceId'/);
  });

  it('without a terminal: the usage error, as before', async () => {
    const r = await api.cli(['spaces', 'create']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --title is required\n');
  });
});

describe('prompts for every kind of id, a body, and all that is missing', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const firstSpace = async (env: NodeJS.ProcessEnv) => (await runInProcess(['spaces', 'list', '--jq', '.[0].id'], { env })).stdout.trim();

  it("pages get with no page id: the page is picked from the space's page tree, searched by title or path", async () => {
    const env = api.env({ NO_COLOR: '1' });
    const space = await firstSpace(env);
    const target = { id: (await runInProcess(['pages', 'get', space, 'guides/configuration', '--jq', '.id'], { env })).stdout.trim() };
    expect(target.id).not.toBe('');
    const { code, screen } = await converse(['pages', 'get', space, '--json'], env, [
      [/page id \(type to search\)/, 'guides/config'],
      [/❯ Configuration \(guides\/configuration\)/, '\r'],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(new RegExp(`"id": "${target.id}"`));
  });

  it('sections update with no section and no --site: the site is picked first, then a section of that site', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const site = JSON.parse((await runInProcess(['sites', 'list', '--jq', '[.[] | select(.title == "Acme Help Center")][0]'], { env })).stdout) as { id: string };
    const sections = JSON.parse((await runInProcess(['sections', 'list', '--site', site.id, '--json'], { env })).stdout) as { id: string; title: string }[];
    const target = sections.find((s) => s.title === 'Guides')!;
    const { code, screen } = await converse(['sections', 'update', '--title', 'Picked Guides', '--json'], env, [
      [/site \(type to search\)/, 'Acme Help'],
      [/Acme Help\r\n❯ Acme Help Center/, '\r'], // the search's answer to what was typed: Enter while it searches is ignored
      [/section id \(type to search\)/, 'Guides'],
      [new RegExp(`Guides\r\n❯ Guides \\(${target.id}\\)`), '\r'],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(new RegExp(`"id": "${target.id}"`));
    expect(screen).toMatch(/"title": "Picked Guides"/);
  });

  it("comments get with no comment id: the comment is picked from the space's comments, read by their body", async () => {
    const env = api.env({ NO_COLOR: '1' });
    const space = await firstSpace(env);
    const id = (await runInProcess(['comments', 'create', space, '--body', 'Found by its body\n\nmore', '--jq', '.id'], { env })).stdout.trim();
    expect(id).not.toBe('');
    const { code, screen } = await converse(['comments', 'get', space, '--json'], env, [
      [/comment id \(type to search\)/, 'found by'],
      [new RegExp(`found by\r\n❯ Found by its body \\(${id}\\)`), '\r'],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(new RegExp(`"id": "${id}"`));
  });

  it('members get with no user id: the member is picked by name or e-mail', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const dana = (await runInProcess(['members', 'list', '--all', '--jq', '.[] | select(.user.email == "dana@acme.example") | .id'], { env })).stdout.trim();
    expect(dana).not.toBe('');
    const { code, screen } = await converse(['members', 'get', '--json'], env, [
      [/user id \(type to search\)/, 'dana@'],
      [new RegExp(`dana@\r\n❯ Dana Demo <dana@acme\\.example> \\(${dana}\\)`), '\r'],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(new RegExp(`"id": "${dana}"`));
  });

  it('a name or a slug that stands for an id (custom-fields, openapi) is picked too, and the name or slug is what is sent', async () => {
    const env = api.env({ NO_COLOR: '1' });
    const field = await converse(['custom-fields', 'get', '--json'], env, [
      [/name \(type to search\)/, 'audi'],
      [/audi\r\n❯ Audience \(audience\)/, '\r'],
    ]);
    expect(field.code, field.screen).toBe(0);
    expect(field.screen).toMatch(/"name": "audience"/);
    const spec = await converse(['openapi', 'get', '--json'], env, [
      [/slug \(type to search\)/, 'bill'],
      [/bill\r\n❯ billing-api/, '\r'],
    ]);
    expect(spec.code, spec.screen).toBe(0);
    expect(spec.screen).toMatch(/"slug": "billing-api"/);
  });

  /** An editor that records the file it was given, then writes `text` in it. */
  const editor = (text: string, before = '') => {
    const dir = mkdtempSync(join(tmpdir(), 'docplat-editor-test-'));
    dirs.push(dir);
    const script = join(dir, 'editor.sh');
    writeFileSync(script, `#!/bin/sh\n${before}printf '%s' "$1" > '${dir}/given'\nprintf '${text}' > "$1"\n`, { mode: 0o755 });
    return { script, given: () => readFileSync(join(dir, 'given'), 'utf8') };
  };

  it('comments create with no space and no body: the space is picked, then the body is written in $EDITOR, whose file is removed', async () => {
    const ed = editor('Written in the editor\\n\\n- a list\\n');
    const env = api.env({ NO_COLOR: '1', EDITOR: ed.script, VISUAL: '/bin/false' });
    const space = JSON.parse((await runInProcess(['spaces', 'list', '--jq', '[.[] | select(.title == "Welcome")][0]'], { env })).stdout) as { id: string };
    const { code, screen } = await converse(['comments', 'create', '--json'], env, [
      [/space id \(type to search\)/, 'Welcome'],
      [new RegExp(`Welcome\r\n❯ Welcome \\(${space.id}\\)`), '\r'],
    ]);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/Written in the editor/);
    const id = /"id": "([^"]+)"/.exec(screen)![1];
    const body = (await runInProcess(['comments', 'get', space.id, id, '--jq', '.body.markdown'], { env })).stdout;
    expect(body).toBe('Written in the editor\n\n- a list\n');
    expect(ed.given()).toMatch(/\.md$/);
    expect(existsSync(ed.given())).toBe(false);
  });

  it('with no $EDITOR, $VISUAL is the editor; a body left empty is exit 2 and sends nothing', async () => {
    const ed = editor('');
    const env = api.env({ NO_COLOR: '1', EDITOR: '', VISUAL: ed.script });
    const space = await firstSpace(env);
    const before = api.sandbox.requestCount;
    const { code, screen } = await converse(['comments', 'create', space], env, []);
    expect(code, screen).toBe(2);
    expect(screen).toMatch(/error: --body is empty/);
    expect(api.sandbox.requestCount).toBe(before);
    expect(existsSync(ed.given())).toBe(false);
  });

  it('Ctrl-C in the editor is the editor\'s (vi leaves insert mode with it): the body written is sent', async () => {
    // Ctrl-C on a terminal signals the editor and docplat waiting for it (the test's own shell around docplat is spared).
    const ctrlC = 'p=$PPID; while [ "$(ps -o comm= -p $p)" != node ]; do p=$(ps -o ppid= -p $p | tr -d " "); done; kill -INT $p; sleep 0.2\n';
    const ed = editor('Sent after a Ctrl-C\\n', ctrlC + ctrlC);
    const env = api.env({ NO_COLOR: '1', EDITOR: ed.script });
    const space = await firstSpace(env);
    const { code, screen } = await converse(['comments', 'create', space, '--json'], env, []);
    expect(code, screen).toBe(0);
    expect(screen).toMatch(/"markdown": "Sent after a Ctrl-C"/);
  });

  it('--no-input names every missing argument and flag in one error', async () => {
    const r = await converse(['sections', 'create', '--no-input'], api.env({ NO_COLOR: '1' }), []);
    expect(r.code).toBe(2);
    expect(r.screen).toMatch(/error: required but not given: --site, --space, --title\r?\n/);
    const piped = await api.cli(['comments', 'create']);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toBe('error: required but not given: <spaceId>, --body or --body-file\n');
  });
});
