// The content family's admin actions, for tests (renames, hostile paths,
// pages and files that the API gives no way to make).
import { badRequest, notFound } from '../../core/errors.js';
import type { World } from '../../core/world.js';
import { documentPage, findPage, walk, type FileRec, type PageRec, type RevisionRec } from './records.js';

export type AdminBody = Record<string, unknown>;

/** Applies an edit to the revision a body names (`spaceId`, `changeRequestId`) and answers its result with the new revision id. */
type Edit = (body: AdminBody, apply: (rev: RevisionRec) => unknown) => unknown;

export function text(body: AdminBody, key: string): string {
  const v = body[key];
  if (typeof v !== 'string') throw badRequest(`"${key}" must be a string.`);
  return v;
}

/**
 * `POST /_sandbox/content/<action>` with a JSON body. Each names `spaceId`
 * (and optionally `changeRequestId`):
 *   edit-page {pageId, title?, path?, markdown?, href?}   add-page {title, path, type?, markdown?, parentId?}
 *   remove-page {pageId}                            add-file {name, size?}
 */
export function contentAdmin(world: World, edit: Edit): Record<string, (body: AdminBody) => unknown> {
  return {
    'edit-page': (body: AdminBody) =>
      edit(body, (rev) => {
        const page = findPage(rev, text(body, 'pageId'));
        if (!page) throw notFound(`No page ${String(body.pageId)}.`);
        if (body.title !== undefined) page.title = text(body, 'title');
        if (body.path !== undefined) {
          // As a rename in the app: the page's descendants move with it (their own updatedAt unchanged).
          const from = page.path;
          page.path = text(body, 'path');
          page.slug = page.path.split('/').pop() ?? '';
          for (const { page: child } of walk(page.pages)) if (child.path.startsWith(`${from}/`)) child.path = page.path + child.path.slice(from.length);
        }
        if (body.markdown !== undefined) page.markdown = text(body, 'markdown');
        // A link page's URL, as the app changes it (no operation of the API does).
        if (body.href !== undefined && page.type === 'link') page.href = text(body, 'href');
        page.updatedAt = world.clock.nowIso();
        return { id: page.id };
      }),
    'add-page': (body: AdminBody) =>
      edit(body, (rev) => {
        const page = documentPage(world.nextId(), text(body, 'title'), text(body, 'path'), world.clock.nowIso(), body.markdown === undefined ? undefined : text(body, 'markdown'));
        if (body.type === 'group' || body.type === 'link') {
          page.type = body.type;
          delete page.markdown;
          if (body.type === 'link') page.href = 'https://example.com/';
        }
        const parent = body.parentId === undefined ? undefined : findPage(rev, text(body, 'parentId'));
        (parent ? parent.pages : rev.pages).push(page);
        return { id: page.id };
      }),
    'remove-page': (body: AdminBody) =>
      edit(body, (rev) => {
        const id = text(body, 'pageId');
        const prune = (pages: PageRec[]): PageRec[] => pages.filter((p) => p.id !== id).map((p) => ({ ...p, pages: prune(p.pages) }));
        rev.pages = prune(rev.pages);
        return { id };
      }),
    'add-file': (body: AdminBody) =>
      edit(body, (rev) => {
        const size = typeof body.size === 'number' ? body.size : 1000;
        const file: FileRec = { id: world.nextId(), name: text(body, 'name'), contentType: 'application/octet-stream', kind: 'bin', size, seed: size, updatedAt: world.clock.nowIso() };
        rev.files.push(file);
        return { id: file.id };
      }),
  };
}
