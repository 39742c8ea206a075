// What the content, pages and files commands share: the --change-request
// flag (which switches an operation to its `.cr` variant), checked requests
// for the special commands, and the page tree (walk, lookup by path).
import type { OperationId } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { segmentProblem } from '../../api/limits.js';
import { ApiError, DocplatError, UsageError } from '../../errors.js';
import type { Flag } from '../define.js';

export const SPACE_ID = [{ name: 'spaceId', param: 'spaceId' }];

/** `--change-request <id>`: the same read (or import) in a change request, by its id or number. */
export function changeRequestFlag(operation: OperationId) {
  return {
    flags: '--change-request <id>',
    description: 'act on this change request (its id or its number) instead of the space',
    param: 'changeRequestId',
    idOf: 'change request',
    selects: { operation },
  } as const satisfies Flag;
}

/** Names of the inputs in messages, for ctx.api.request(). */
const NAMES = {
  'param:spaceId': 'space id',
  'param:changeRequestId': '--change-request',
  'param:pageId': 'page id',
  'param:fileId': 'file id',
  'query:format': '--format',
  'query:status': '--status',
};

export interface Where {
  spaceId: string;
  /** A change request's id or number. */
  changeRequest?: string;
}

/** The operation, or its change-request variant. */
function opOf(id: OperationId, where: Where): OperationId {
  return (where.changeRequest !== undefined ? `${id}.cr` : id) as OperationId;
}

/** Checks and builds a content request (a usage error when an input breaks its bounds), without sending it. */
export function contentRequest(ctx: Context, id: OperationId, where: Where, params: Record<string, string> = {}, query: Record<string, string> = {}) {
  const allParams: Record<string, string> = { spaceId: where.spaceId, ...params };
  if (where.changeRequest !== undefined) allParams.changeRequestId = where.changeRequest;
  return ctx.api.request(opOf(id, where), { params: allParams, query }, NAMES);
}

// ---- the page tree --------------------------------------------------------------------------

export interface ApiPage {
  id: string;
  title: string;
  type?: string;
  path?: string;
  slug?: string;
  href?: string;
  updatedAt?: string;
  pages?: ApiPage[];
  [key: string]: unknown;
}

export interface TreeEntry {
  page: ApiPage;
  depth: number;
  parent?: ApiPage;
  /** Whether it is the last of its siblings (for drawing). */
  last: boolean;
  /** For each ancestor level, whether that ancestor was the last of its siblings. */
  lastAncestors: boolean[];
}

/** Every page, depth first, in tree order. */
export function* walkTree(pages: ApiPage[], depth = 0, parent?: ApiPage, lastAncestors: boolean[] = []): Generator<TreeEntry> {
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i];
    const last = i === pages.length - 1;
    yield { page, depth, parent, last, lastAncestors };
    if (page.pages?.length) yield* walkTree(page.pages, depth + 1, page, [...lastAncestors, last]);
  }
}

export async function fetchTree(ctx: Context, where: Where): Promise<ApiPage[]> {
  const data = (await ctx.api.send(contentRequest(ctx, 'pages.list', where))).data as { pages?: ApiPage[] } | undefined;
  return Array.isArray(data?.pages) ? data.pages : [];
}

/**
 * A page given by id or by path (`getting-started/install`, a leading `/`
 * allowed). A reference with a slash is a path; any other is tried as an id
 * first, then as a path.
 */
export async function resolvePage(ctx: Context, where: Where, ref: string, query: Record<string, string>): Promise<unknown> {
  if (!ref.includes('/')) {
    try {
      return (await ctx.api.send(contentRequest(ctx, 'pages.get', where, { pageId: ref }, query))).data;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
  } else {
    contentRequest(ctx, 'pages.get', where, { pageId: 'x' }, query); // checks --format before any request
  }
  const found = pageAtPath(await fetchTree(ctx, where), ref);
  if (!found) throw new ApiError(noPage(ref, where), 404, 'GET', '');
  return (await ctx.api.send(contentRequest(ctx, 'pages.get', where, { pageId: found.id }, query))).data;
}

/** The page (not a link) at `ref`'s path in the tree, leading and trailing slashes ignored. */
export function pageAtPath(tree: ApiPage[], ref: string): ApiPage | undefined {
  const path = ref.replace(/^\/+|\/+$/g, '');
  for (const { page } of walkTree(tree)) if (page.type !== 'link' && page.path === path) return page;
  return undefined;
}

/** The message of a page reference found neither as an id nor as a path. */
export const noPage = (ref: string, where: Where): string =>
  `no page with id or path "${ref}" in ${where.changeRequest ? `change request ${where.changeRequest} of ` : ''}space ${where.spaceId}`;

/** Whether the user chose an output format (--json, --jsonl, --output). */
export const explicitOutput = (ctx: Context): boolean => !!(ctx.globals.json || ctx.globals.jsonl || ctx.globals.output);

/** Names of a change request's inputs in messages (push and restore). */
export const CR_NAMES = { 'param:spaceId': 'space id', 'param:changeRequestId': '--change-request', 'body:subject': '--subject' };

export interface ChangeRequest {
  id: string;
  number?: number;
  urls?: { app?: string };
  status?: string;
}

/** An open change request named by `--change-request` (its id or number); a merged or archived one is refused. */
export async function getChangeRequest(ctx: Context, spaceId: string, ref: string): Promise<ChangeRequest> {
  const data = answered((await ctx.api.send(ctx.api.request('changeRequests.get', { params: { spaceId, changeRequestId: ref } }, CR_NAMES))).data, `change request ${ref}`);
  if (data.status === 'merged' || data.status === 'archived') throw new UsageError(`--change-request: change request ${ref} is ${data.status}; give an open one, or leave --change-request out for a new one`);
  return data;
}

export async function createChangeRequest(ctx: Context, spaceId: string, subject: string): Promise<ChangeRequest> {
  return answered((await ctx.api.send(ctx.api.request('changeRequests.create', { params: { spaceId }, body: { subject } }, CR_NAMES))).data, 'the new change request');
}

/** A change request as answered: its id is what the next requests name, so it must be one (the server's, named as such, exit 1). */
function answered(data: unknown, what: string): ChangeRequest {
  const id = (data as ChangeRequest | undefined)?.id;
  if (typeof id !== 'string') throw new DocplatError(`${what}: the answer has no id`);
  const problem = segmentProblem(id);
  if (problem) throw new DocplatError(`unexpected answer: the server gave ${what} the id "${id.length > 40 ? `${id.slice(0, 40)}…` : id}", which cannot name it in a request (${problem}); nothing was sent to it`);
  return data as ChangeRequest;
}

