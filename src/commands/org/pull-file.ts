// The organization as a file (what `org pull` writes): every kind sorted, so
// the same organization gives the same bytes; no secret (no token, no share
// link, URLs' credentials as `***`); everything --prune could delete in it.
// Portable (`--portable`): every resource keyed by its title, slug, name or
// e-mail, never by id, so the file plans and applies in another
// organization: a space by its title within its collection path, a site
// space by its space's title (or `Collection/Title` when the title is not
// unique). Where two resources of a kind share a key in one place, their ids
// are written after all, with a warning (rename one to make it portable).
import type { CollectionEntry, FileKey, OpenapiEntry, OrgFile, SiteEntry, SiteSpaceEntry, SpaceEntry } from './file.js';
import { openapiPath, type Beside } from './files.js';
import type { LiveSite, LiveSiteSpace } from './live-sites.js';
import type { Live, LiveCollection, LiveSpace } from './live.js';
import { collectionPath } from './plan-content.js';
import { withoutCredentials } from './credentials.js';

const byText = <T>(key: (t: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
/** Only the fields with a value: an empty text is left out (not managed), not written as "". */
const given = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== '')) as T;
/** Without the fields left undefined (an id a portable file does not write). */
const defined = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

function sortedMap<T>(m: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(m).sort().map((k) => [k, m[k]]));
}

export interface FileOptions {
  /** There is a folder to write the OpenAPI documents in (pull --file). */
  beside?: boolean;
  /** Keys, not ids (pull --portable). */
  portable?: boolean;
  /** Told of each URL whose credentials were written as `***`, of what is ignored, of what keeps its id. */
  warn?: (message: string) => void;
}

/** The file of the organization, and the documents to write beside it. */
export function fileOf(live: Live, kinds: Set<FileKey>, opts: FileOptions = {}): { file: OrgFile; beside: Beside[] } {
  return new FileWriter(live, opts).file(kinds);
}

class FileWriter {
  private readonly warn: (message: string) => void;
  private readonly beside: Beside[] = [];
  private readonly collections: LiveCollection[];
  private readonly spaces: LiveSpace[];

  constructor(
    private readonly live: Live,
    private readonly opts: FileOptions,
  ) {
    this.warn = opts.warn ?? (() => undefined);
    this.collections = live.collections ?? [];
    this.spaces = live.spaces ?? [];
  }

  file(kinds: Set<FileKey>): { file: OrgFile; beside: Beside[] } {
    const { live } = this;
    const file: OrgFile = { version: 1 };
    if (kinds.has('collections')) file.collections = this.collectionTree(null);
    if (kinds.has('spaces')) file.spaces = [...this.spaces].sort(byText((s) => `${s.title}\u0000${s.id}`)).map((s) => this.spaceEntry(s));
    if (kinds.has('sites')) {
      const sites = live.sites ?? [];
      const id = this.ids('site', sites, (s) => s.title);
      file.sites = [...sites].sort(byText((s) => `${s.title}\u0000${s.id}`)).map((s) => this.siteEntry(s, id(s)));
    }
    if (kinds.has('teams')) {
      const teams = live.teams ?? [];
      const id = this.ids('team', teams, (t) => t.title);
      file.teams = [...teams].sort(byText((t) => `${t.title}\u0000${t.id}`)).map((t) => given({ id: id(t), title: t.title, members: sortedMap(t.members ?? {}) }));
    }
    if (kinds.has('members')) file.members = sortedMap(Object.fromEntries((live.members ?? []).map((m) => [m.email ?? this.kept(m.id, `the member ${m.id} (who has no e-mail)`), m.role])));
    if (kinds.has('customFields')) {
      file.customFields = [...(live.customFields ?? [])].sort(byText((f) => f.name)).map((f) => given({ id: this.opts.portable ? undefined : f.id, name: f.name, type: f.type, title: f.title, description: f.description, placeholder: f.placeholder, options: f.options }));
    }
    if (kinds.has('sso')) {
      const teams = live.teams ?? [];
      const sso = live.sso ?? [];
      const id = this.ids('SSO provider', sso, (s) => s.label);
      file.sso = [...sso].sort(byText((s) => `${s.label}\u0000${s.id}`)).map((s) => given({
        id: id(s), label: s.label, entityID: s.entityID, ssoURL: this.url(s.ssoURL, `the ssoURL of SSO provider "${s.label}"`), certificate: s.certificate, defaultRole: s.defaultRole,
        defaultTeam: s.defaultTeam ? (teams.find((t) => t.id === s.defaultTeam && teams.filter((x) => x.title === t.title).length === 1)?.title ?? this.kept(s.defaultTeam, `the default team of SSO provider "${s.label}"`)) : undefined,
      }));
    }
    if (kinds.has('translations')) {
      const translations = live.translations ?? [];
      const id = this.ids('translation', translations, (t) => t.title);
      file.translations = [...translations].sort(byText((t) => `${t.title}\u0000${t.id}`)).map((t) => defined({ id: id(t), title: t.title }));
    }
    if (kinds.has('openapi')) this.openapi(file);
    return { file, beside: this.beside };
  }

  /** A URL without its credentials (a file is no place for them): `***`, and a warning. */
  private url<T extends string | null | undefined>(value: T, what: string): T {
    if (typeof value !== 'string' || withoutCredentials(value) === value) return value;
    this.warn(`warning: ${what} holds credentials: written as *** (plan and apply keep the organization's URL; to change it, write the whole URL)`);
    return withoutCredentials(value) as T;
  }

  /** An id written where no key names one resource only: said, in a portable file. */
  private kept(id: string, what: string): string {
    if (this.opts.portable) this.warn(`warning: ${what} is written by id (no title names it alone): the file is not portable there`);
    return id;
  }

  /** The id to write for each resource: none in a portable file, but where two in one place share a key (warned). */
  private ids<T extends { id: string }>(what: string, items: T[], key: (t: T) => string): (t: T) => string | undefined {
    if (!this.opts.portable) return (t) => t.id;
    const count = new Map<string, number>();
    for (const t of items) count.set(key(t).toLowerCase(), (count.get(key(t).toLowerCase()) ?? 0) + 1);
    return (t) => ((count.get(key(t).toLowerCase()) ?? 0) > 1 ? this.kept(t.id, `${what} "${key(t)}" (one of ${count.get(key(t).toLowerCase())} with that key)`) : undefined);
  }

  private openapi(file: OrgFile): void {
    const ignored: string[] = [];
    file.openapi = [];
    for (const o of [...(this.live.openapi ?? [])].sort(byText((o) => o.slug))) {
      if (o.sourceURL) {
        file.openapi.push({ slug: o.slug, url: this.url(o.sourceURL, `the URL of OpenAPI specification "${o.slug}"`) });
      } else if (this.opts.beside && o.text !== undefined) {
        // Published from a file: its document beside the organization file, which names it by path.
        const entry: OpenapiEntry = { slug: o.slug, file: openapiPath(o.slug) };
        file.openapi.push(entry);
        this.beside.push({ path: entry.file!, text: o.text });
      } else {
        ignored.push(o.slug);
        const why = this.opts.beside ? 'its document could not be read' : `pull writes its document beside the file, which stdout has not (with --file: ${openapiPath(o.slug)})`;
        this.warn(`warning: OpenAPI specification "${o.slug}" is published from a file, and ${why}: the file ignores it (\`ignore: openapi\`), so --prune leaves it be`);
      }
    }
    if (ignored.length) file.ignore = { openapi: ignored };
  }

  private collectionTree(parent: string | null): CollectionEntry[] {
    const here = this.collections.filter((c) => c.parent === parent);
    const id = this.ids('collection', here, (c) => c.title);
    return here.sort(byText((c) => `${c.title}\u0000${c.id}`)).map((c) => {
      const children = this.collectionTree(c.id);
      return defined({ id: id(c), title: c.title, description: c.description ?? null, defaultLevel: c.defaultLevel, ...(children.length ? { collections: children } : {}) });
    });
  }

  /** A collection's title path when it names that collection alone (no "/" in a title on the way), else its id. */
  private collectionRef(id: string): string {
    const all = this.collections;
    const path = collectionPath(all, id);
    const titles = path.split('/');
    const unique = !titles.some((t) => t === '') && all.filter((c) => collectionPath(all, c.id) === path).length === 1 && titles.length === depth(all, id);
    return unique ? path : this.kept(id, `the collection "${path}"`);
  }

  private spaceEntry(s: LiveSpace): SpaceEntry {
    const collection = s.parent ? this.collectionRef(s.parent) : null;
    const values = s.customFields && Object.keys(s.customFields).length ? sortedMap(s.customFields) : undefined;
    // Portable: keyed by title within its collection; two of one title there keep their ids.
    const twins = this.spaces.filter((x) => x.parent === s.parent && x.title.toLowerCase() === s.title.toLowerCase()).length;
    const id = !this.opts.portable ? s.id : twins > 1 ? this.kept(s.id, `the space "${s.title}" (one of ${twins} of that title in its collection)`) : undefined;
    return given({ id, title: s.title, emoji: s.emoji, editMode: s.editMode, defaultLevel: s.defaultLevel, visibility: s.visibility ?? undefined, collection, customFields: values });
  }

  /** The space a site space publishes: its id; portable, its title, or its collection path and title, whichever names it alone. */
  private spaceRef(ss: LiveSiteSpace): string {
    if (!this.opts.portable) return ss.spaceId;
    const space = this.spaces.find((s) => s.id === ss.spaceId);
    const title = space?.title ?? ss.spaceTitle;
    if (title && this.spaces.filter((s) => s.title === title).length <= 1 && !title.includes('/')) return title;
    if (space) {
      const path = space.parent ? `${collectionPath(this.collections, space.parent)}/${space.title}` : space.title;
      const pathOf = (s: LiveSpace) => (s.parent ? `${collectionPath(this.collections, s.parent)}/${s.title}` : s.title);
      if (this.spaces.filter((s) => pathOf(s) === path).length === 1) return path;
    }
    return this.kept(ss.spaceId, `the space "${title}" of a site`);
  }

  /** A site as the file has it: sections in their order, site spaces by space, share links by name (never their key). */
  private siteEntry(site: LiveSite, id: string | undefined): SiteEntry {
    const spaces = (list: LiveSiteSpace[]): SiteSpaceEntry[] => list.map((ss) => ({ space: this.spaceRef(ss), path: ss.path, condition: ss.condition }));
    const titleOf = (id: string) => site.sections.find((s) => s.id === id)?.title ?? id;
    const sectionId = this.ids(`section of site "${site.title}"`, site.sections, (s) => s.title);
    const groupId = this.ids(`section group of site "${site.title}"`, site.groups, (g) => g.title);
    const linkId = this.ids(`share link of site "${site.title}"`, site.shareLinks, (l) => l.name);
    return given({
      id,
      title: site.title,
      visibility: site.visibility,
      basename: site.basename ?? undefined,
      proxy: site.proxy,
      adaptiveContent: site.adaptiveContent,
      sections: site.sections.length ? site.sections.map((s) => defined({ id: sectionId(s), title: s.title, path: s.path, description: s.description, icon: s.icon, condition: s.condition, spaces: spaces(s.spaces) })) : undefined,
      sectionGroups: site.groups.length ? [...site.groups].sort(byText((g) => `${g.title}\u0000${g.id}`)).map((g) => defined({ id: groupId(g), title: g.title, icon: g.icon, sections: g.sections.map(titleOf) })) : undefined,
      spaces: site.spaces.length || !site.sections.length ? spaces(site.spaces) : undefined,
      shareLinks: site.shareLinks.length ? [...site.shareLinks].sort(byText((l) => `${l.name}\u0000${l.id}`)).map((l) => defined({ id: linkId(l), name: l.name, active: l.active })) : undefined,
    });
  }
}

function depth(all: LiveCollection[], id: string): number {
  let n = 0;
  for (let c = all.find((x) => x.id === id); c && n < 100; c = c.parent ? all.find((x) => x.id === c!.parent) : undefined) n++;
  return n;
}
