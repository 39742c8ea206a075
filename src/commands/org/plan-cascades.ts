// What the platform deletes with a resource, known to the plan (with
// --prune): a collection takes its collections and the spaces in them, a site
// its sections, section groups, site spaces and share links, a section its
// site spaces, a custom field its values on spaces, a member their team
// memberships. Each delete lists its cascades (the delete gate counts them,
// the plan shows them). A space the file keeps never goes with its
// collection: when the file leaves the space's collection unmanaged it is
// moved to the top level first (the collection's delete waits for the move,
// and is not made when the move fails); when the file names the collection
// being deleted, the plan refuses, naming the space (exit 2). Likewise a
// value the file sets for a field it deletes, a roster naming a member it
// removes.
import { escapeControls } from '../../output/format.js';
import type { DeletePlan, Gone } from '../deletes.js';
import { collectionPath } from './plan-content.js';
import { entryOf } from './plan-spaces.js';
import type { Change, Plan, Planning } from './plan.js';

/** The plan's deletes as the delete gate takes them: each with its cascades, and the organization's totals. */
export function deletePlanOf(plan: Pick<Plan, 'changes' | 'totals'>): DeletePlan {
  const deletes = plan.changes.filter((c) => c.action === 'delete');
  return { deletes: deletes.map((c) => ({ kind: c.gone ?? c.kind, what: c.key, id: c.id, cascades: c.cascades })), totals: plan.totals };
}

export function planCascades(p: Planning): void {
  collectionCascades(p);
  siteCascades(p);
  fieldCascades(p);
  memberCascades(p);
}

/** Where a move puts its resource: the `parent` its request sends (a ref of a collection the apply creates stands in as `\0ref`). */
function movedTo(c: Change): string | null {
  const body = c.steps[0]?.input((ref) => `\u0000${ref}`).body as { parent?: string | null } | undefined;
  return body?.parent ?? null;
}

function collectionCascades(p: Planning): void {
  const deleted = new Map(p.changes.filter((c) => c.gone === 'collection' && c.id).map((c) => [c.id!, c]));
  if (!deleted.size) return;
  const collections = p.live.collections ?? [];
  const liveParent = new Map<string, string | null>([...collections.map((c) => [c.id, c.parent] as const), ...(p.live.spaces ?? []).map((s) => [s.id, s.parent] as const)]);
  const finalParent = new Map(liveParent);
  const moves = p.changes.filter((c) => c.action === 'move' && (c.kind === 'collections' || c.kind === 'spaces') && c.id);
  for (const m of moves) finalParent.set(m.id!, movedTo(m));
  /** The deleted collection that `parent` is, or is inside (a cycle in hostile data is cut). */
  const deletedAt = (parent: string | null | undefined, parents: Map<string, string | null>): Change | undefined => {
    const seen = new Set<string>();
    for (let c = parent; c && !seen.has(c); c = parents.get(c)) {
      seen.add(c);
      const d = deleted.get(c);
      if (d) return d;
    }
    return undefined;
  };
  const cascade = (d: Change, gone: Gone) => (d.cascades ??= []).push(gone);
  for (const c of collections) {
    if (deleted.has(c.id)) continue;
    const d = deletedAt(finalParent.get(c.id), finalParent);
    if (d) cascade(d, { kind: 'collection', what: collectionPath(collections, c.id), id: c.id });
  }
  const deletedSpaces = new Set(p.changes.filter((c) => c.gone === 'space').map((c) => c.id));
  for (const s of p.live.spaces ?? []) {
    const d = deletedAt(finalParent.get(s.id), finalParent);
    if (!d || deletedSpaces.has(s.id)) continue;
    const i = entryOf(p, s.id);
    if (i < 0) {
      cascade(d, { kind: 'space', what: s.title || s.id, id: s.id });
      continue;
    }
    const entry = p.file.spaces![i];
    if (entry.collection !== undefined) {
      p.problems.push({
        path: ['spaces', i, 'collection'],
        message: `"${escapeControls(String(entry.collection))}" is not in the file's collections, so --prune deletes it, and the platform deletes the spaces in it: give the space "${escapeControls(s.title || s.id)}" another collection (null: the top level), or keep the collection in the file`,
      });
      continue;
    }
    // The file keeps the space and leaves its collection unmanaged: it goes to the top level first.
    const move = p.add({
      action: 'move', kind: 'spaces', key: s.title || s.id, id: s.id, ref: `spaces:move:${s.id}`,
      fields: { collection: { from: s.parent ? collectionPath(collections, s.parent) : null, to: null } },
      steps: [{ op: 'spaces.move', input: () => ({ params: { spaceId: s.id }, body: { parent: null } }) }],
    });
    moves.push(move);
  }
  // What moves out of a deleted collection moves first: the delete waits for it, and is not made when it failed.
  for (const m of moves) {
    const d = deletedAt(liveParent.get(m.id!), liveParent);
    if (d && !d.after.includes(m.ref)) d.after.push(m.ref);
  }
}

function siteCascades(p: Planning): void {
  for (const site of p.live.sites ?? []) {
    const siteSpace = (prefix: string) => (ss: { id: string; spaceId: string; spaceTitle: string }): Gone => ({ kind: 'site space', what: `${prefix}/${ss.spaceTitle || ss.spaceId}`, id: ss.id });
    const siteDelete = p.changes.find((c) => c.gone === 'site' && c.id === site.id);
    if (siteDelete) {
      siteDelete.cascades = [
        ...site.sections.map((sec): Gone => ({ kind: 'section', what: `${site.title}/${sec.title}`, id: sec.id })),
        ...site.groups.map((g): Gone => ({ kind: 'section group', what: `${site.title}/group:${g.title}`, id: g.id })),
        ...site.spaces.map(siteSpace(site.title)),
        ...site.sections.flatMap((sec) => sec.spaces.map(siteSpace(`${site.title}/${sec.title}`))),
        ...site.shareLinks.map((l): Gone => ({ kind: 'share link', what: `${site.title}/link:${l.name}`, id: l.id })),
      ];
      continue;
    }
    for (const d of p.changes.filter((c) => c.gone === 'section')) {
      const sec = site.sections.find((x) => x.id === d.id);
      if (sec?.spaces.length) d.cascades = sec.spaces.map(siteSpace(`${site.title}/${sec.title}`));
    }
  }
}

function fieldCascades(p: Planning): void {
  for (const d of p.changes.filter((c) => c.gone === 'custom field')) {
    const name = d.key;
    p.file.spaces?.forEach((e, i) => {
      const value = e.customFields?.[name];
      if (value === undefined || value === null) return;
      p.problems.push({ path: ['spaces', i, 'customFields', name], atKey: true, message: `the custom field "${escapeControls(name)}" is not in the file's customFields, so --prune deletes it with its values: keep the field in the file, or leave this value out` });
    });
    const holding = (p.live.spaces ?? []).filter((s) => s.customFields && Object.hasOwn(s.customFields, name));
    if (holding.length) d.cascades = holding.map((s): Gone => ({ kind: 'custom field value', what: `${s.title || s.id}: ${name}` }));
  }
}

function memberCascades(p: Planning): void {
  for (const d of p.changes.filter((c) => c.gone === 'member')) {
    const m = (p.live.members ?? []).find((x) => x.id === d.id);
    if (!m) continue;
    const keys = [m.email, m.id].filter((k): k is string => !!k);
    const inRoster = (roster: Record<string, unknown> | undefined) => Object.keys(roster ?? {}).find((k) => keys.some((x) => x.toLowerCase() === k.toLowerCase()));
    p.file.teams?.forEach((t, i) => {
      const key = inRoster(t.members);
      if (key) p.problems.push({ path: ['teams', i, 'members', key], atKey: true, message: `"${escapeControls(key)}" is not in the file's members, so --prune removes them from the organization (and from every team): keep them in members, or out of this team` });
    });
    const teams = (p.live.teams ?? []).filter((t) => inRoster(t.members));
    if (teams.length) d.cascades = teams.map((t): Gone => ({ kind: 'team membership', what: `${t.title}: ${m.email ?? m.id}` }));
  }
}
