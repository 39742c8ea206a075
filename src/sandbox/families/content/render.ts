// How the content family's records look in responses: Revision, pages,
// files and page locations, as the public OpenAPI description has them.
import { documentOf } from '../../core/document.js';
import { urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';
import { PNG_DIMENSIONS, type FileRec, type PageRec } from './records.js';
import type { Content } from './index.js';
import type { Scope } from './records.js';

export class ContentViews {
  constructor(private readonly f: Content) {}

  appUrl(scope: Scope, path = ''): string {
    const { space, cr } = scope;
    return urlOf(APP_URL, ['o', space.org, 's', space.id, ...(cr ? ['~', 'changes', cr.number] : []), path], { slash: path === '' });
  }

  /** A page as the tree and the page read give it; `format` adds the content. */
  pageObject(scope: Scope, page: PageRec, format?: 'document' | 'markdown'): Record<string, unknown> {
    const base = { id: page.id, title: page.title, ...(page.emoji ? { emoji: page.emoji } : {}), ...(page.hidden ? { hidden: true } : {}), createdAt: page.createdAt, updatedAt: page.updatedAt };
    const children = () => page.pages.map((p) => this.pageObject(scope, p));
    if (page.type === 'link') return { ...base, kind: 'link', type: 'link', target: { kind: 'url', url: page.href ?? '' }, href: page.href ?? '' };
    if (page.type === 'group') return { ...base, kind: 'group', type: 'group', slug: page.slug, path: page.path, pages: children() };
    const content = format === 'markdown' ? { markdown: page.markdown ?? '' } : format === 'document' ? { document: documentOf(page.markdown ?? '') } : {};
    return {
      ...base,
      kind: 'sheet',
      type: 'document',
      urls: { app: this.appUrl(scope, page.path) },
      slug: page.slug,
      path: page.path,
      ...(page.description !== undefined ? { description: page.description } : {}),
      documentId: `dc${page.id.slice(2)}`,
      pages: children(),
      layout: LAYOUT,
      tags: [],
      ...content,
    };
  }

  fileObject(scope: Scope, file: FileRec): Record<string, unknown> {
    // The name goes in the query: a path segment of dots would be read as a step up by URL parsers.
    const query = { name: file.name, changeRequest: scope.cr?.id };
    return {
      id: file.id,
      name: file.name,
      contentType: file.contentType,
      downloadURL: urlOf(`${this.f.world.storageUrl}/files`, [scope.space.id, file.id], { query }),
      size: file.size,
      ...(file.kind === 'png' ? { dimensions: PNG_DIMENSIONS } : {}),
    };
  }

  revisionObject(scope: Scope): Record<string, unknown> {
    const { rev } = scope;
    return {
      object: 'revision',
      id: rev.id,
      parents: rev.parents,
      pages: rev.pages.map((p) => this.pageObject(scope, p)),
      files: rev.files.map((f) => this.fileObject(scope, f)),
      reusableContents: [],
      tags: [],
      createdAt: rev.createdAt,
      urls: { app: this.appUrl(scope) },
      type: 'edits',
    };
  }

  /** A page as a content location (a link's source, a file's backlink). */
  pageLocation(scope: Scope, page: PageRec, api: string): Record<string, unknown> {
    const orgs = this.f.lower.orgs;
    return {
      kind: 'page',
      organization: orgs.orgObject(orgs.org(scope.space.org), api),
      space: JSON.parse(this.f.spaces.json(scope.space, api).toString('utf8')),
      // As the platform gives it in a location: the page alone, with its content.
      page: { ...this.pageObject(scope, page, 'markdown'), pages: [] },
    };
  }
}

const LAYOUT = {
  width: 'default',
  cover: false,
  coverSize: 'hero',
  coverMask: 'none',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
};
