// The tools a hand-written command gets on its context (src/commands/tools.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../../src/api/request.js';
import { defineCommand } from '../../src/commands/define.js';
import { commandTools } from '../../src/commands/tools.js';
import { Context } from '../../src/context.js';
import { ApiError, Interrupted } from '../../src/errors.js';
import { collect, tempFiles, useTestApi } from '../helpers.js';
import { testContext } from './runner/context.js';

const api = useTestApi();
const files = tempFiles();

describe('ctx.api, ctx.resolve, ctx.readUserFile', () => {
  it('send builds from the operation table and names the flag or argument whose value breaks it', async () => {
    const { ctx } = testContext(api);
    const org = await ctx.org();
    expect((await ctx.api.send('orgs.get', { params: { organizationId: org } })).data).toMatchObject({ id: org });
    await expect(ctx.api.send('spaces.get', { params: { spaceId: 'a/b' } }, { 'param:spaceId': 'space' })).rejects.toThrow('invalid space id "a/b"');
    await expect(ctx.api.send('spaces.create', { params: { organizationId: org }, body: { title: 'x'.repeat(500) } }, { 'body:title': '--title' })).rejects.toThrow(/^--title must be /);
  });

  it('pages and all follow the cursor of a list request', async () => {
    const { ctx } = testContext(api);
    const request = ctx.api.request('spaces.list', { params: { organizationId: await ctx.org() } });
    const all = await ctx.api.all<{ id: string }>(request);
    let paged = 0;
    for await (const page of ctx.api.pages<{ id: string }>(request, { pageSize: 1 })) paged += page.items.length;
    expect(paged).toBe(all.length);
    expect(all.length).toBeGreaterThan(1);
  });

  it('dryRun prints the requests, masked, and sends none', async () => {
    const { ctx, stdout, stderr } = testContext(api);
    await ctx.api.dryRun([ctx.api.request('spaces.get', { params: { spaceId: 's1' }, query: { shareKey: 'secret' } })]);
    expect(stdout()).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/v1\/spaces\/s1\?shareKey=\*\*\*\n$/);
    expect(stderr()).toContain('dry run: 1 request not sent');
  });

  it('run takes a derived declaration down the runner\'s road', async () => {
    const { ctx, stdout } = testContext(api, { json: true });
    const def = defineCommand({ name: 'get', summary: '', operation: 'orgs.get', args: [{ name: 'organizationId' }], output: { item: [{ key: 'id' }] } });
    await ctx.api.run(def, [await ctx.org()], {});
    expect(JSON.parse(stdout())).toMatchObject({ id: await ctx.org() });
    await expect(ctx.api.run(def, ['a b'], {})).rejects.toThrow('invalid organization id "a b"');
  });

  it('resolve turns a page path into its id (exit 3 naming the label when none), readUserFile reads text only', async () => {
    const { ctx } = testContext(api);
    const org = await ctx.org();
    const spaces = await ctx.api.all<{ id: string; title: string }>(ctx.api.request('spaces.list', { params: { organizationId: org } }));
    const space = spaces.find((s) => s.title === 'Getting Started')!.id;
    const [id] = await ctx.resolve('page', ['guides/configuration'], { spaceId: space }, '--page');
    expect(id).toMatch(/^\S+$/);
    expect(id).not.toBe('guides/configuration');
    await expect(ctx.resolve('page', ['guides/none'], { spaceId: space }, '--page')).rejects.toMatchObject({ exitCode: 3, message: expect.stringMatching(/^--page: /) });
    expect(await ctx.readUserFile('--body-file', files.file('a.md', '# Hi\n'))).toBe('# Hi\n');
    await expect(ctx.readUserFile('--body-file', files.file('b.bin', Buffer.from([0xff, 0, 1]) as never))).rejects.toThrow('is not UTF-8 text');
  });

  it('raw sends what the operation table does not describe (as text, or paged with options), its answer unchecked', async () => {
    const { ctx } = testContext(api);
    const org = await ctx.org();
    const text = (await ctx.api.send<string>(ctx.api.raw('GET', `/orgs/${org}`, { as: 'text' }))).data;
    expect(JSON.parse(text)).toMatchObject({ id: org });
    const sizes: number[] = [];
    for await (const page of ctx.api.pages(ctx.api.raw('GET', `/orgs/${org}/spaces`), { pageSize: 1, limit: 2 })) sizes.push(page.items.length);
    expect(sizes).toEqual([1, 1]);
  });

  it('connect sends to another API URL with another token, its refusal its own', async () => {
    const { ctx } = testContext(api);
    const { apiUrl, token } = await ctx.settings();
    const other = await ctx.api.connect(apiUrl, 'not-the-token');
    try {
      await expect(other.send(apiRequest('user.get'))).rejects.toMatchObject({ status: 401 });
    } finally {
      await other.close();
    }
    const same = await ctx.api.connect(apiUrl, token, { retries: 0 });
    try {
      expect((await same.all(ctx.api.request('orgs.list', {}))).map((o) => (o as { id: string }).id)).toContain(await ctx.org());
    } finally {
      await same.close();
    }
  });
});

describe('ctx.api.send with finishOnInterrupt', () => {
  it('lets a request the caller still uses finish after an interrupt; without it, the interrupt aborts it', async () => {
    const server = createServer((_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'), 300));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const run = async (finishOnInterrupt: boolean) => {
      const controller = new AbortController();
      const io = { stdout: collect().stream, stderr: collect().stream, stdin: Readable.from([]), stdoutTTY: false, stderrTTY: false, stdinTTY: false, env: { DOCPLAT_CONFIG_DIR: files.dir } };
      const ctx = new Context(io, {}, controller.signal, commandTools);
      const other = await ctx.api.connect(url, 't', { retries: 0 });
      try {
        const sent = other.send(ctx.api.raw('GET', '/slow'), { finishOnInterrupt }).catch((e: unknown) => e);
        setTimeout(() => controller.abort(new Interrupted('interrupted by SIGINT')), 50);
        return await sent;
      } finally {
        await other.close();
      }
    };
    try {
      expect(await run(true)).toMatchObject({ status: 200, data: { ok: true } });
      const err = await run(false);
      expect(err).toBeInstanceOf(Interrupted);
      expect(err).not.toBeInstanceOf(ApiError);
    } finally {
      server.close();
    }
  });
});

