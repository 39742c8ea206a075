// Ids as the app shows them: where docplat asks for an id, the resource's app
// URL (`urls.app`, as `get` prints it) is accepted too, and read back to the
// id it names: https://app…/o/<org>/s/<space>/ is a space id.
import { UsageError } from '../errors.js';

/** The path segment that precedes each kind of id in an app URL. */
const SEGMENT: Record<string, string> = {
  organizationId: 'o',
  spaceId: 's',
  collectionId: 'c',
  siteId: 'sites',
  changeRequestId: 'changes',
  specSlug: 'openapi',
  integrationName: 'integrations',
};

/** The kinds of resource the app shows (their objects have `urls.app`), by the param of their id. */
const IN_APP = new Set([...Object.keys(SEGMENT), 'pageId']);

/**
 * Whether an operation reads one resource that has an app URL: its path ends
 * with the resource's id, or it reads a revision (the content of a space or
 * of a change request: `urls.app` too).
 */
export const readsAppResource = (path: string): boolean => IN_APP.has(/\{(\w+)\}$/.exec(path)?.[1] ?? '') || /\/\{(spaceId|changeRequestId)\}\/content$/.test(path);

/** The param an id of this noun fills (`collection` → `collectionId`). */
export const paramOfNoun = (noun: string): string => `${noun.replace(/ id$/, '').replace(/ (\w)/g, (_, c: string) => c.toUpperCase())}Id`;

/** The id an app URL names for `param`; any other value is returned as it is. */
export function idFromAppUrl(param: string, value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  const segment = SEGMENT[param];
  const noun = param.replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`);
  if (!segment) throw new UsageError(`"${value}" is a URL, not a ${/Id$/.test(param) ? `${noun} id` : noun}`);
  let parts: string[] = [];
  try {
    parts = new URL(value).pathname.split('/').filter(Boolean);
  } catch {
    // not a URL after all: the id check names it
  }
  const i = parts.lastIndexOf(segment);
  if (i < 0 || !parts[i + 1]) throw new UsageError(`"${value}" is not the app URL of a ${noun} (expected …/${segment}/<id>/)`);
  return decodeURIComponent(parts[i + 1]);
}
