// Planning sites: each site (keyed by title), its sections (by title within
// the site, in the file's order), the spaces each section publishes (by
// space), its section groups (after their sections), root-level site spaces
// and share links (by name). A new section is made with its first space (the
// platform creates them together), so a section in the file lists one.
import { escapeControls } from '../../output/format.js';
import { position } from '../../api/positions.js';
import type { SiteEntry, SiteSpaceEntry } from './file.js';
import type { LiveSite, LiveSiteSpace } from './live-sites.js';
import { diffFields, eachEntry, leftovers, matcher, same, type IdOf, type Planning, type Step } from './plan.js';
import type { Path } from './parse.js';
import { collectionPath } from './plan-content.js';
import { createdSpaces } from './plan-spaces.js';

/** A live id, or the ref of the change that creates it. */
type Id = { id: string; ref?: undefined } | { id?: undefined; ref: string };
const idOf = (x: Id, ids: IdOf) => x.id ?? ids(x.ref!);
const afterOf = (...xs: (Id | undefined)[]) => xs.flatMap((x) => (x?.ref ? [x.ref] : []));

/** The organization's spaces by id, by title and by collection path and title (null: several have it). */
const SPACES = new WeakMap<Planning, { ids: Set<string>; names: Map<string, string | null> }>();

/**
 * A space named by a site space: an id, or a title (or a collection path and
 * title) only one space has, of the organization or created by the plan.
 */
function spaceOf(p: Planning, name: string): Id | undefined {
  let index = SPACES.get(p);
  if (!index) {
    const spaces = p.live.spaces ?? [];
    const collections = p.live.collections ?? [];
    const names = new Map<string, string | null>();
    const add = (key: string, id: string) => names.set(key, names.has(key) && names.get(key) !== id ? null : id);
    for (const s of spaces) {
      add(s.title, s.id);
      if (s.parent) add(`${collectionPath(collections, s.parent)}/${s.title}`, s.id);
    }
    SPACES.set(p, (index = { ids: new Set(spaces.map((s) => s.id)), names }));
  }
  if (index.ids.has(name)) return { id: name };
  const live = index.names.get(name);
  const created = createdSpaces(p, name);
  if (live && !created.length) return { id: live };
  if (live === undefined && created.length === 1) return { ref: created[0] };
  return undefined;
}

export function planSites(p: Planning): void {
  const live = p.live.sites ?? [];
  const match = matcher(live, (s) => s.title);
  eachEntry(p.file.sites!, match, (e) => e.title, (entry, found, i) => {
    const org = p.live.org;
    const want = { title: entry.title, visibility: entry.visibility, basename: entry.basename, proxy: entry.proxy, adaptiveContent: entry.adaptiveContent };
    const have = (found ?? {}) as Record<string, unknown>;
    const names = found ? ['title', 'visibility', 'basename', 'proxy', 'adaptiveContent'] : ['basename', 'proxy', 'adaptiveContent'];
    const { fields, body } = diffFields(want, have, names);
    const update = (site: Id): Step => ({
      op: 'sites.update',
      input: (ids) => ({ params: { organizationId: org, siteId: idOf(site, ids) }, body: { ...body, ...('adaptiveContent' in body ? { adaptiveContent: { enabled: body.adaptiveContent } } : {}) } }),
    });
    let site: Id;
    if (!found) {
      const ref = `sites:create:${entry.title}`;
      site = { ref };
      p.add({
        action: 'create', kind: 'sites', key: entry.title, ref,
        fields: { title: { from: null, to: entry.title }, ...(entry.visibility ? { visibility: { from: null, to: entry.visibility } } : {}), ...fields },
        steps: [
          {
            op: 'sites.create', provides: true,
            input: () => ({ params: { organizationId: org }, body: { title: entry.title, ...(entry.visibility ? { visibility: entry.visibility } : {}) } }),
            find: { op: 'sites.list', params: { organizationId: org }, match: (s) => s.title === entry.title },
          },
          ...(Object.keys(body).length ? [update(site)] : []),
        ],
      });
    } else {
      site = { id: found.id };
      if (Object.keys(body).length) p.add({ action: 'update', kind: 'sites', key: entry.title, id: found.id, fields, steps: [update(site)] });
    }
    new SitePlan(p, entry, found, site, ['sites', i]).plan();
  });
  leftovers(p, 'sites', match.unmatched(), (s) => s.title, (s) => ({ op: 'sites.delete', input: () => ({ params: { organizationId: p.live.org, siteId: s.id } }) }));
}

class SitePlan {
  private readonly sections = new Map<string, Id>();
  /** Refs of this site's group creates and updates: sections move once they are in their groups. */
  private readonly groupChanges: string[] = [];
  constructor(
    private readonly p: Planning,
    private readonly entry: SiteEntry,
    private readonly live: LiveSite | undefined,
    private readonly site: Id,
    private readonly at: Path,
  ) {}

  private params(ids: IdOf): { organizationId: string; siteId: string } {
    return { organizationId: this.p.live.org, siteId: idOf(this.site, ids) };
  }

  private key(...parts: string[]): string {
    return [this.entry.title, ...parts].join('/');
  }

  plan(): void {
    this.planSections();
    if (this.entry.spaces) this.planSpaces(this.entry.spaces, undefined, this.live?.spaces ?? [], [...this.at, 'spaces'], this.entry.title);
    if (this.entry.sectionGroups) this.planGroups();
    this.order();
    if (this.entry.shareLinks) this.planShareLinks();
  }

  private planSections(): void {
    const { p, entry } = this;
    const live = this.live?.sections ?? [];
    if (!entry.sections) return;
    const match = matcher(live, (s) => s.title);
    match.reserve(entry.sections.map((s) => s.id));
    entry.sections.forEach((sec, i) => {
      const at = [...this.at, 'sections', i];
      const found = this.live ? match.find(sec.id, sec.title) : undefined;
      const key = this.key(sec.title);
      const want = { title: sec.title, path: sec.path, description: sec.description, icon: sec.icon, condition: sec.condition };
      const { fields, body } = diffFields(want, (found ?? {}) as Record<string, unknown>, found ? ['title', 'path', 'description', 'icon', 'condition'] : ['path', 'description', 'icon', 'condition']);
      if (!found) {
        const first = sec.spaces?.[0];
        const firstSpace = first && spaceOf(p, first.space);
        if (!first) return void p.problems.push({ path: at, message: 'a new section needs a space in "spaces" (the platform creates a section with its first space)' });
        if (!firstSpace) return void p.problems.push({ path: [...at, 'spaces', 0, 'space'], message: `no space "${escapeControls(first.space)}" in the organization (an id, or a title only one space has)` });
        const ref = `sites:create:${key}`;
        const section: Id = { ref };
        this.sections.set(sec.title, section);
        p.add({
          action: 'create', kind: 'sites', key, ref, after: afterOf(this.site, firstSpace),
          fields: { title: { from: null, to: sec.title }, ...fields },
          steps: [
            {
              op: 'sections.create', provides: true,
              input: (ids) => ({ params: this.params(ids), body: { spaceId: idOf(firstSpace, ids), title: sec.title } }),
              // The section comes with its first site space.
              records: (data) => ({ [`${ref}/first`]: String(((data as { siteSpaces?: { id?: unknown }[] }).siteSpaces ?? [])[0]?.id ?? '') }),
              find: this.site.id ? { op: 'sections.list', params: { organizationId: p.live.org, siteId: this.site.id }, match: (s) => s.title === sec.title } : undefined,
            },
            ...(Object.keys(body).length ? [{ op: 'sections.update' as const, input: (ids: IdOf) => ({ params: { ...this.params(ids), siteSectionId: ids(ref) }, body }) }] : []),
          ],
        });
        this.planSpaces(sec.spaces!, section, [], [...at, 'spaces'], key, ref);
        return;
      }
      const section: Id = { id: found.id };
      this.sections.set(sec.title, section);
      if (Object.keys(body).length) {
        p.add({ action: 'update', kind: 'sites', key, id: found.id, fields, steps: [{ op: 'sections.update', input: (ids) => ({ params: { ...this.params(ids), siteSectionId: found.id }, body }) }] });
      }
      if (sec.spaces) this.planSpaces(sec.spaces, section, found.spaces, [...at, 'spaces'], key);
    });
    leftovers(p, 'sites', match.unmatched(), (s) => this.key(s.title), (s) => ({ op: 'sections.delete', input: (ids) => ({ params: { ...this.params(ids), siteSectionId: s.id } }) }));
  }

  /**
   * Moves that give the sections the file's order. Sections are placed among
   * their siblings (those of one group, or those in none): per group, each
   * section after the previous one, once the groups are as the file says.
   */
  private order(): void {
    const entries = this.entry.sections;
    if (!entries) return;
    const live = this.live?.sections ?? [];
    const groups = this.live?.groups ?? [];
    const groupOf = (title: string): string => {
      if (this.entry.sectionGroups) return this.entry.sectionGroups.find((g) => g.sections?.includes(title))?.title ?? '';
      const id = this.sections.get(title)?.id;
      return groups.find((g) => id !== undefined && g.sections.includes(id))?.title ?? '';
    };
    // The order before any move: the live sections in their order, then the new ones (the platform adds them last).
    const titleOfId = new Map([...this.sections].flatMap(([title, x]) => (x.id ? [[x.id, title] as const] : [])));
    const now = [...live.flatMap((s) => titleOfId.get(s.id) ?? []), ...entries.map((e) => e.title).filter((t) => this.sections.get(t)?.ref)];
    for (const group of new Set(entries.map((e) => groupOf(e.title)))) {
      const wanted = entries.map((e) => e.title).filter((t) => this.sections.has(t) && groupOf(t) === group);
      if (same(now.filter((t) => wanted.includes(t)), wanted)) continue;
      let previous: string | undefined;
      wanted.forEach((title, i) => {
        if (i === 0) return;
        const section = this.sections.get(title)!;
        const prior = this.sections.get(wanted[i - 1])!;
        const ref = `sites:move:${this.key(title)}`;
        this.p.add({
          action: 'move', kind: 'sites', key: this.key(title), id: section.id, ref, fields: { position: { from: null, to: `after ${wanted[i - 1]}` } },
          after: [...afterOf(section, prior), ...(previous ? [previous] : []), ...this.groupChanges],
          steps: [{ op: 'sections.move', input: (ids) => ({ params: { ...this.params(ids), siteSectionId: idOf(section, ids) }, body: { position: position('site-section', 'after', idOf(prior, ids)) } }) }],
        });
        previous = ref;
      });
    }
  }

  /** The spaces a section (or the site, outside sections) publishes. `madeWith`: the ref of the new section its first space came with. */
  private planSpaces(entries: SiteSpaceEntry[], section: Id | undefined, live: LiveSiteSpace[], at: Path, prefix: string, madeWith?: string): void {
    const { p } = this;
    const used = new Set<string>();
    entries.forEach((e, i) => {
      // A space the site publishes now is known even when the organization's list lacks it (in the trash, or gone to another organization).
      const published = live.find((l) => l.spaceId === e.space || l.spaceTitle === e.space)?.spaceId;
      const space = spaceOf(p, e.space) ?? (published ? { id: published } : undefined);
      const id = space?.id ?? space?.ref;
      if (!space || !id) {
        // A space the file once published that the organization no longer has (deleted, or transferred): drift, said with what to do.
        const gone = /^[A-Za-z0-9]{20}$/.test(e.space) && !(p.live.spaces ?? []).some((s) => s.title === e.space);
        if (gone) return void p.manual.push({ kind: 'sites', key: `${prefix}/${e.space}`, what: 'its space is not in the organization (deleted, or transferred to another one)', how: 'publish another space there, or take this site space out of the file' });
        return void p.problems.push({ path: [...at, i, 'space'], message: `no space "${escapeControls(e.space)}" in the organization (an id, or a title only one space has)` });
      }
      if (used.has(id)) return void p.problems.push({ path: [...at, i, 'space'], message: `"${escapeControls(e.space)}" is published twice here` });
      used.add(id);
      const found = live.find((l) => l.spaceId === id);
      const key = `${prefix}/${found?.spaceTitle || (p.live.spaces ?? []).find((s) => s.id === id)?.title || (space.ref ? e.space : id)}`;
      const { fields, body } = diffFields({ path: e.path, condition: e.condition }, (found ?? {}) as Record<string, unknown>, ['path', 'condition']);
      const ref = `sites:create:${key}`;
      const update = (siteSpace: Id): Step => ({ op: 'siteSpaces.update', input: (ids) => ({ params: { ...this.params(ids), siteSpaceId: idOf(siteSpace, ids) }, body }) });
      if (found) {
        if (Object.keys(body).length) p.add({ action: 'update', kind: 'sites', key, id: found.id, fields, steps: [update({ id: found.id })] });
      } else if (madeWith && i === 0) {
        // Made with its section (its id is in the section's answer), then given the file's path and condition: a create, as the others.
        if (Object.keys(body).length) p.add({ action: 'create', kind: 'sites', key, ref: `${madeWith}/first`, fields: { space: { from: null, to: e.space }, ...fields }, after: [madeWith], steps: [update({ ref: `${madeWith}/first` })] });
      } else {
        p.add({
          action: 'create', kind: 'sites', key, ref, after: afterOf(this.site, section, space), fields: { space: { from: null, to: e.space }, ...fields },
          steps: [
            { op: 'siteSpaces.add', provides: true, input: (ids) => ({ params: this.params(ids), body: { spaceId: idOf(space, ids), ...(section ? { sectionId: idOf(section, ids) } : {}) } }) },
            ...(Object.keys(body).length ? [update({ ref })] : []),
          ],
        });
      }
    });
    leftovers(p, 'sites', live.filter((l) => !used.has(l.spaceId)), (l) => `${prefix}/${l.spaceTitle || l.spaceId}`, (l) => ({
      op: 'siteSpaces.remove',
      input: (ids) => ({ params: { ...this.params(ids), siteSpaceId: l.id } }),
    }));
  }

  private planGroups(): void {
    const { p } = this;
    const live = this.live?.groups ?? [];
    const match = matcher(live, (g) => g.title);
    eachEntry(this.entry.sectionGroups!, match, (g) => g.title, (g, found, i) => {
      const at = [...this.at, 'sectionGroups', i];
      const members: Id[] = [];
      (g.sections ?? []).forEach((title, j) => {
        const section = this.sections.get(title) ?? this.liveSection(title);
        if (!section) p.problems.push({ path: [...at, 'sections', j], message: `no section "${escapeControls(title)}" in this site or the file` });
        else members.push(section);
      });
      const key = this.key(`group:${g.title}`);
      const { fields, body } = diffFields({ title: g.title, icon: g.icon }, (found ?? {}) as Record<string, unknown>, found ? ['title', 'icon'] : ['icon']);
      if (!found) {
        this.groupChanges.push(`sites:create:${key}`);
        p.add({
          action: 'create', kind: 'sites', key, ref: `sites:create:${key}`, after: afterOf(this.site, ...members), fields: { title: { from: null, to: g.title }, sections: { from: null, to: g.sections ?? [] }, ...fields },
          steps: [{ op: 'sectionGroups.create', provides: true, input: (ids) => ({ params: this.params(ids), body: { title: g.title, ...body, ...(members.length ? { sections: members.map((m) => idOf(m, ids)) } : {}) } }) }],
        });
        return;
      }
      const steps: Step[] = [];
      if (Object.keys(body).length) steps.push({ op: 'sectionGroups.update', input: (ids) => ({ params: { ...this.params(ids), siteSectionGroupId: found.id }, body }) });
      if (g.sections) {
        const titleOf = (id: string) => this.live?.sections.find((s) => s.id === id)?.title ?? id;
        for (const m of members.filter((m) => !m.id || !found.sections.includes(m.id))) {
          steps.push({ op: 'sectionGroups.addSection', input: (ids) => ({ params: { ...this.params(ids), siteSectionGroupId: found.id }, body: { sectionId: idOf(m, ids) } }) });
        }
        for (const id of found.sections.filter((id) => !members.some((m) => m.id === id))) {
          steps.push({ op: 'sectionGroups.removeSection', input: (ids) => ({ params: { ...this.params(ids), siteSectionGroupId: found.id, siteSectionId: id } }) });
        }
        const now = found.sections.map(titleOf);
        if (!same([...now].sort(), [...g.sections].sort())) fields.sections = { from: now, to: g.sections };
      }
      if (steps.length) this.groupChanges.push(p.add({ action: 'update', kind: 'sites', key, id: found.id, fields, after: afterOf(...members), steps }).ref);
    });
    leftovers(p, 'sites', match.unmatched(), (g) => this.key(`group:${g.title}`), (g) => ({ op: 'sectionGroups.delete', input: (ids) => ({ params: { ...this.params(ids), siteSectionGroupId: g.id } }) }));
  }

  private liveSection(title: string): Id | undefined {
    const s = this.live?.sections.find((x) => x.title === title);
    return s ? { id: s.id } : undefined;
  }

  private planShareLinks(): void {
    const { p } = this;
    const live = this.live?.shareLinks ?? [];
    const match = matcher(live, (l) => l.name);
    eachEntry(this.entry.shareLinks!, match, (l) => l.name, (link, found) => {
      const key = this.key(`link:${link.name}`);
      const { fields, body } = diffFields({ name: link.name, active: link.active }, (found ?? { active: true }) as Record<string, unknown>, found ? ['name', 'active'] : ['active']);
      const ref = `sites:create:${key}`;
      const update = (l: Id): Step => ({ op: 'shareLinks.update', input: (ids) => ({ params: { ...this.params(ids), shareLinkId: idOf(l, ids) }, body }) });
      if (!found) {
        p.add({
          action: 'create', kind: 'sites', key, ref, after: afterOf(this.site), fields: { name: { from: null, to: link.name }, ...fields },
          steps: [{ op: 'shareLinks.create', provides: true, input: (ids) => ({ params: this.params(ids), body: { name: link.name } }) }, ...(Object.keys(body).length ? [update({ ref })] : [])],
        });
      } else if (Object.keys(body).length) {
        p.add({ action: 'update', kind: 'sites', key, id: found.id, fields, steps: [update({ id: found.id })] });
      }
    });
    leftovers(p, 'sites', match.unmatched(), (l) => this.key(`link:${l.name}`), (l) => ({ op: 'shareLinks.delete', input: (ids) => ({ params: { ...this.params(ids), shareLinkId: l.id } }) }));
  }
}
