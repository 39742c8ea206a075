// docplat pages as their users run them: control characters in `pages list
// --tree` titles and in a page's Markdown on a terminal; `pages get --format
// markdown` of a group or a link.
import { describe, expect, it } from 'vitest';
import { lines, runInProcess, withTestApi } from '../helpers.js';
import { spaceId, admin, flat, type Page } from '../content-helpers.js';

describe('content QA', () => {
  it('pages list --tree: a title with control characters neither splits a line nor reaches the terminal raw', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      await admin(api, 'add-page', { spaceId: id, title: 'Evil \u001b[31mred\u001b[0m\nline', path: 'evil' });
      const expected = 'Evil \\x1b[31mred\\x1b[0m\\nline (evil)';
      const piped = await api.cli(['pages', 'list', id, '--tree']);
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).not.toMatch(/\u001b/);
      expect(lines(piped.stdout)).toContain(expected);
      const tty = await runInProcess(['pages', 'list', id, '--tree'], { env: api.env(), stdoutTTY: true });
      expect(tty.code, tty.stderr).toBe(0);
      expect(tty.stdout).not.toMatch(/\u001b/);
      expect(lines(tty.stdout).at(-1)).toBe(expected);
    }));


  it('pages get --format markdown: the bytes as they are when redirected, control characters escaped on a terminal', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const res = await fetch(`${api.sandbox.url}/spaces/${id}/content/pages`, { headers: { authorization: `Bearer ${api.sandbox.token}` } });
      const pageId = flat(((await res.json()) as { pages: Page[] }).pages).find((p) => p.path === 'faq')!.id;
      const markdown = '# FAQ\n\n\u001b]0;retitled\u0007\u001b[2Jcleared\n';
      await admin(api, 'edit-page', { spaceId: id, pageId, markdown });
      const piped = await api.cli(['pages', 'get', id, 'faq', '--format', 'markdown']);
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stdout).toBe(markdown);
      const tty = await runInProcess(['pages', 'get', id, 'faq', '--format', 'markdown'], { env: api.env(), stdoutTTY: true });
      expect(tty.code, tty.stderr).toBe(0);
      expect(tty.stdout).toBe('# FAQ\n\n\\x1b]0;retitled\\x07\\x1b[2Jcleared\n');
    }));


  it('pages get --format markdown of a group or a link: nothing on stdout, and a note on stderr saying why', () =>
    withTestApi({}, async (api) => {
      const id = await spaceId(api, 'Getting Started');
      const group = await api.cli(['pages', 'get', id, 'guides', '--format', 'markdown']);
      expect(group.code, group.stderr).toBe(0);
      expect(group.stdout).toBe('');
      expect(lines(group.stderr)).toEqual(['Guides is a group page: it has no Markdown']);
      const doc = await api.cli(['pages', 'get', id, 'faq', '--format', 'markdown']);
      expect(doc.stdout).toMatch(/^# FAQ/);
      expect(doc.stderr).toBe('');
    }));

});
