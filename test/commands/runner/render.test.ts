import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../../src/api/request.js';
import { defineCommand } from '../../../src/commands/define.js';
import { render } from '../../../src/commands/runner/render.js';
import { testContext } from './context.js';
import { invocation } from './road.js';

const COLUMNS = [{ key: 'id', header: 'ID' }, { key: 'title', header: 'TITLE' }];
const page = (ids: string[], next?: string) => ({ items: ids.map((id) => ({ id, title: `T${id}` })), ...(next ? { next: { page: next } } : {}) });
async function* pages(...all: ReturnType<typeof page>[]) {
  yield* all;
}

describe('render: the answer through the formatter', () => {
  const list = defineCommand({ name: 'list', summary: '', operation: 'spaces.list', output: { list: COLUMNS } });

  it('writes a list as its pages arrive, and says where the next page starts after --limit', async () => {
    const { ctx, stdout, stderr } = testContext(undefined, { output: 'tsv' });
    await render(ctx, await invocation(ctx, list, [], { limit: '2' }), { kind: 'pages', pages: pages(page(['a', 'b'], 'c2')) });
    expect(stdout()).toBe('a\tTa\nb\tTb\n');
    expect(stderr()).toContain('next cursor: c2');
  });

  it('keeps the items a client-side filter passes, until --limit of them', async () => {
    const { ctx, stdout } = testContext(undefined, { output: 'tsv' });
    const filtered = defineCommand({ name: 'list', summary: '', operation: 'spaces.list', output: { list: COLUMNS }, flags: { only: { flags: '--only <id>', description: '', filter: (v: string) => (item: unknown) => (item as { id: string }).id !== v } } });
    await render(ctx, await invocation(ctx, filtered, [], { only: 'b', limit: '2' }), { kind: 'pages', pages: pages(page(['a', 'b']), page(['c', 'd'])) });
    expect(stdout()).toBe('a\tTa\nc\tTc\n');
  });

  it('prints one item, or the dry run of the requests, or that there is nothing to do', async () => {
    const { ctx, stdout, stderr } = testContext(undefined, { json: true });
    const get = defineCommand({ name: 'get', summary: '', operation: 'spaces.get', args: [{ name: 'spaceId' }], output: { item: COLUMNS } });
    const inv = await invocation(ctx, get, ['s1']);
    await render(ctx, inv, { kind: 'one', data: { id: 's1', title: 'One' } });
    expect(JSON.parse(stdout())).toEqual({ id: 's1', title: 'One' });
    const { ctx: dry, stdout: dryOut } = testContext(undefined, { apiUrl: 'https://api.example.com/v1', token: 't' });
    await render(dry, inv, { kind: 'dry', requests: [apiRequest('spaces.get', { params: { spaceId: 's1' } })] });
    expect(dryOut()).toBe('GET https://api.example.com/v1/spaces/s1\n');
    const del = defineCommand({ name: 'delete', summary: '', operation: 'spaces.delete', args: [{ name: 'spaceId' }], bulk: { what: 'space', done: 'deleted' } });
    await render(ctx, await invocation(ctx, del, [['s1']]), { kind: 'nothing' });
    expect(stderr()).toContain('nothing to do: no space ids on stdin');
  });

  it('opens the item in web mode (--web) instead of printing it: under CI, its app URL is the answer', async () => {
    const { ctx, stdout } = testContext(undefined, {}, '', { web: true });
    ctx.io.env.CI = 'true';
    const get = defineCommand({ name: 'get', summary: '', operation: 'spaces.get', args: [{ name: 'spaceId' }], output: { item: COLUMNS } });
    await render(ctx, await invocation(ctx, get, ['s1']), { kind: 'one', data: { id: 's1', urls: { app: 'https://app.example.com/s/s1' } } });
    expect(stdout()).toBe('https://app.example.com/s/s1\n');
    await expect(render(ctx, await invocation(ctx, get, ['s1']), { kind: 'one', data: { id: 's1' } })).rejects.toThrow('the API gave no app URL');
  });
});
