import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/api/operations/index.js';
import { defineCommand } from '../../../src/commands/define.js';
import { check, checkRequiredFields, checkSomethingToChange, checkTogether, standIns } from '../../../src/commands/runner/check.js';
import { required, str } from '../../../src/api/schema.js';
import { UsageError } from '../../../src/errors.js';
import { testContext } from './context.js';
import { invocation } from './road.js';

describe('check: every local check, before anything is looked up or sent', () => {
  const { ctx } = testContext();
  const update = defineCommand({
    name: 'update',
    summary: '',
    operation: 'spaces.update',
    args: [{ name: 'spaceId' }],
    flags: {
      title: { flags: '--title <t>', description: '', body: 'title' },
      emoji: { flags: '--emoji <e>', description: '', body: 'emoji', negatable: 'remove the emoji' },
    },
    checkFlags(opts) {
      if (opts.title === 'x') throw new UsageError('--title x is refused here');
    },
  });

  it("runs the command's own rule", () => {
    expect(() => checkTogether(update, { title: 'x' })).toThrow('--title x is refused here');
    expect(() => checkTogether(update, { title: 'y' })).not.toThrow();
  });

  it('names every flag that would change something, with its --no- form, when none was given', async () => {
    expect(() => checkSomethingToChange(update, OPERATIONS['spaces.update'], {})).toThrow('nothing to change: give at least one of --title, --emoji, --no-emoji');
    expect(() => checkSomethingToChange(update, OPERATIONS['spaces.update'], { title: 'T' })).not.toThrow();
    const road = await invocation(ctx, update, ['s1'], {});
    expect(() => check(ctx, update, { road })).toThrow('nothing to change');
  });

  it('names the flags that fill a required body field left empty', () => {
    const create = defineCommand({ name: 'create', summary: '', operation: 'spaces.create', flags: { title: { flags: '--title <t>', description: '', body: 'title' }, file: { flags: '--title-file <p>', description: '', body: 'title', file: true } } });
    const op = { ...OPERATIONS['spaces.create'], body: { ...OPERATIONS['spaces.create'].body, title: required(str()) } };
    expect(() => checkRequiredFields(create, op, {})).toThrow('--title or --title-file is required');
    expect(() => checkRequiredFields(create, op, { title: 'T' })).not.toThrow();
  });

  it('builds the request with stand-ins for what resolve looks up: a bad space id is refused, a page path is not', async () => {
    const get = defineCommand({ name: 'get', summary: '', operation: 'pages.get', args: [{ name: 'spaceId' }, { name: 'pageId' }] });
    const road = await invocation(ctx, get, ['s1', 'guides/configuration']);
    expect(() => check(ctx, get, { road })).not.toThrow();
    // A space id with a space is one segment but no id: the builder refuses it, naming the argument (bind takes it, it is one segment).
    const inv = await invocation(ctx, get, ['s1', 'guides/configuration']);
    inv.input.params.spaceId = 'a b';
    expect(() => check(ctx, get, { road: inv })).toThrow('invalid space id "a b"');
    // The path is given back after the check, for resolve to look up.
    expect(inv.input.params.pageId).toBe('guides/configuration');
  });

  it("checks every id of a bulk verb (an e-mail stands in as a member id), and --fields before anything is sent", async () => {
    const remove = defineCommand({ name: 'remove', summary: '', operation: 'members.remove', args: [{ name: 'userId' }], bulk: { what: 'member', done: 'removed' } });
    const inv = await invocation(ctx, remove, [['dana@acme.example', 'a/b']]);
    expect(() => check(ctx, remove, { road: inv })).toThrow('invalid user id "a/b"');
    expect(() => check(ctx, remove, { road: { ...inv, bulk: { ...inv.bulk!, ids: ['dana@acme.example', 'u1'] } } })).not.toThrow();
    const list = defineCommand({ name: 'list', summary: '', operation: 'spaces.list', output: { list: [{ key: 'id' }], fields: ['id', 'title'] } });
    const { ctx: fields } = testContext(undefined, { fields: 'nosuch' });
    const road = await invocation(fields, list, []);
    expect(() => check(fields, list, { road })).toThrow(/--fields/);
  });

  it('stands in for what can only be a reference', () => {
    expect(standIns('page', 'guides/x')).toBe('placeholder');
    expect(standIns('member', ['a@b.c', 'u1'])).toEqual(['placeholder', 'u1']);
  });
});
