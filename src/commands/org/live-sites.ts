// What the organization's sites have now: each site with its sections (and
// the spaces each publishes, in the same answer), section groups, root-level
// site spaces and share links (their name and state: never a key or a URL
// that carries one). Four lists per site, read concurrently.
import { apiRequest } from '../../api/request.js';
import type { OperationId } from '../../api/operations/index.js';
import type { Context } from '../../context.js';
import { allOrNothing, type Scope } from '../../tasks/schedule.js';

export interface LiveSiteSpace { id: string; spaceId: string; spaceTitle: string; path: string; condition: string | null }
export interface LiveSection { id: string; title: string; path: string; description: string | null; icon: string | null; condition: string | null; spaces: LiveSiteSpace[] }
export interface LiveGroup { id: string; title: string; icon: string | null; sections: string[] }
export interface LiveShareLink { id: string; name: string; active: boolean }
export interface LiveSite {
  id: string;
  title: string;
  visibility: string;
  basename: string | null;
  proxy: string | null;
  adaptiveContent: boolean;
  sections: LiveSection[];
  groups: LiveGroup[];
  /** Site spaces outside any section. */
  spaces: LiveSiteSpace[];
  shareLinks: LiveShareLink[];
}

type Raw = Record<string, unknown>;
const s = (v: unknown): string => (typeof v === 'string' ? v : '');
const sn = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const raws = (v: unknown): Raw[] => (Array.isArray(v) ? v.filter((x): x is Raw => !!x && typeof x === 'object') : []);

function siteSpace(x: Raw): LiveSiteSpace {
  const space = (x.space ?? {}) as Raw;
  return { id: s(x.id), spaceId: s(space.id), spaceTitle: s(space.title) || s(x.title), path: s(x.path), condition: sn(x.condition) };
}

export async function readSites(api: Pick<Context['api'], 'all'>, org: string, scope: Scope, concurrency: number): Promise<LiveSite[]> {
  const list = (opId: OperationId, params: Record<string, string>, signal: AbortSignal) => api.all<Raw>(apiRequest(opId, { params }), { signal });
  const sites: LiveSite[] = (await list('sites.list', { organizationId: org }, scope.signal)).map((x) => ({
    id: s(x.id),
    title: s(x.title),
    visibility: s(x.visibility),
    basename: sn(x.basename),
    proxy: sn((x.proxy as Raw | undefined)?.origin) ?? sn(x.proxy),
    adaptiveContent: (x.adaptiveContent as Raw | undefined)?.enabled === true,
    sections: [],
    groups: [],
    spaces: [],
    shareLinks: [],
  }));
  const reads = sites.flatMap((site) => {
    const params = { organizationId: org, siteId: site.id };
    return [
      async (signal: AbortSignal) => {
        site.sections = (await list('sections.list', params, signal)).map((x) => ({
          id: s(x.id), title: s(x.title), path: s(x.path), description: sn(x.description), icon: sn(x.icon), condition: sn(x.condition), spaces: raws(x.siteSpaces).map(siteSpace),
        }));
      },
      async (signal: AbortSignal) => {
        site.groups = (await list('sectionGroups.list', params, signal)).map((x) => ({ id: s(x.id), title: s(x.title), icon: sn(x.icon), sections: raws(x.sections).map((sec) => s(sec.id)) }));
      },
      async (signal: AbortSignal) => {
        site.spaces = (await list('siteSpaces.list', params, signal)).filter((x) => !x.section).map(siteSpace);
      },
      async (signal: AbortSignal) => {
        site.shareLinks = (await list('shareLinks.list', params, signal)).map((x) => ({ id: s(x.id), name: s(x.name), active: x.active !== false }));
      },
    ];
  });
  await allOrNothing(scope, reads, concurrency, (read, signal) => read(signal));
  return sites;
}
