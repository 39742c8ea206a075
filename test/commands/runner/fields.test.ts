import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../src/api/operations/index.js';
import { defineCommand } from '../../../src/commands/define.js';
import { bindFields, flagValue, setPath } from '../../../src/commands/runner/fields.js';
import { tempFiles } from '../../helpers.js';
import { testContext } from './context.js';

const op = OPERATIONS['spaces.update'];
const given = (opts: Record<string, unknown>, flags: Record<string, { flags: string }>) => Object.entries(flags).filter(([k]) => opts[k] !== undefined) as never;

describe('fields: each value written where the operation takes it', () => {
  const { ctx } = testContext();
  const files = tempFiles();
  const def = defineCommand({
    name: 'update',
    summary: '',
    operation: 'spaces.update',
    args: [{ name: 'spaceId' }],
    flags: {
      title: { flags: '--title <title>', description: '', body: 'title' },
      titleFile: { flags: '--title-file <path>', description: '', body: 'title', file: true, nonBlank: true },
      emoji: { flags: '--emoji <e>', description: '', body: 'emoji', nullWord: 'none' },
    },
  });

  it('fills the path param, the body, and names each source for messages', async () => {
    const opts = { title: 'Guides', emoji: 'none' };
    const { input, sources, refs } = await bindFields(ctx, def, op, { args: ['s1'], rest: [], opts, given: given(opts, def.flags!) });
    expect(input).toEqual({ params: { spaceId: 's1' }, query: {}, body: { title: 'Guides', emoji: null } });
    expect(sources.get('body:title')?.name).toBe('--title');
    expect(sources.get('param:spaceId')?.name).toBe('space id');
    expect(refs).toEqual([]);
  });

  it('reads a file flag, and refuses two flags for one field before reading it', async () => {
    const path = files.file('title.txt', 'From a file\n');
    const one = { titleFile: path };
    expect((await bindFields(ctx, def, op, { args: ['s1'], rest: [], opts: one, given: given(one, def.flags!) })).input.body.title).toBe('From a file\n');
    const both = { title: 'a', titleFile: '/no/such/file' };
    await expect(bindFields(ctx, def, op, { args: ['s1'], rest: [], opts: both, given: given(both, def.flags!) })).rejects.toThrow('--title and --title-file cannot be used together');
    const blank = { titleFile: files.file('blank.txt', '  \n') };
    await expect(bindFields(ctx, def, op, { args: ['s1'], rest: [], opts: blank, given: given(blank, def.flags!) })).rejects.toThrow('--title-file is empty');
  });

  it('collects a reference to resolve (a page path), and refuses an id that is not one segment', async () => {
    const pages = defineCommand({ name: 'get', summary: '', operation: 'pages.get', args: [{ name: 'spaceId' }, { name: 'pageId' }] });
    const { refs } = await bindFields(ctx, pages, OPERATIONS['pages.get'], { args: ['s1', 'guides/setup'], rest: [], opts: {}, given: [] });
    expect(refs.map((r) => [r.kind, r.label, r.get()])).toEqual([['page', 'page id', 'guides/setup']]);
    await expect(bindFields(ctx, pages, OPERATIONS['pages.get'], { args: ['a/b', 'p'], rest: [], opts: {}, given: [] })).rejects.toThrow('invalid space id "a/b"');
  });

  it('a variadic argument fills a list body field, each a reference of its kind (members), one at least', async () => {
    const ask = defineCommand({
      name: 'request-review',
      summary: '',
      operation: 'changeRequests.reviewers.add',
      args: [{ name: 'spaceId' }, { name: 'changeRequestId' }, { name: 'member', variadic: true, body: 'users' }],
    });
    const reviewers = OPERATIONS['changeRequests.reviewers.add'];
    const { input, refs, sources } = await bindFields(ctx, ask, reviewers, { args: ['s1', '3'], rest: ['u1', 'linus@acme.example'], opts: {}, given: [] });
    expect(input.body).toEqual({ users: ['u1', 'linus@acme.example'] });
    expect(sources.get('body:users')?.name).toBe('member');
    expect(refs.map((r) => [r.kind, r.label, r.get()])).toEqual([['member', 'member', ['u1', 'linus@acme.example']]]);
    refs[0].set(['u1', 'u2']);
    expect(input.body.users).toEqual(['u1', 'u2']);
    await expect(bindFields(ctx, ask, reviewers, { args: ['s1', '3'], rest: [], opts: {}, given: [] })).rejects.toThrow("missing required argument 'member'");
  });

  it('maps a value as its flag declares', () => {
    expect(flagValue({ flags: '--x <v>', description: '', nullWord: 'none' }, 'none')).toBeNull();
    expect(flagValue({ flags: '--x <v>', description: '' }, false)).toBeNull();
    expect(flagValue({ flags: '--x', description: '', value: 'on' }, true)).toBe('on');
    expect(flagValue({ flags: '--x <v>', description: '', map: (v) => Number(v) }, '3')).toBe(3);
    const body: Record<string, unknown> = {};
    setPath(body, 'a.b', 1);
    expect(body).toEqual({ a: { b: 1 } });
  });
});
