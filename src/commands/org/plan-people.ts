// Planning people: organization roles (members), teams and their rosters, and
// SSO providers (which name a default team). The platform's own rules are
// checked here, before anything is sent: an organization keeps an admin; a
// team an SSO provider defaults to is not deleted.
import { escapeControls } from '../../output/format.js';
import type { LiveMember } from './live.js';
import { diffFields, eachEntry, leftovers, matcher, type Change, type Manual, type Planning } from './plan.js';
import { fileUrl, MASKED_URL, withoutCredentials } from './credentials.js';

/** The organization's members by user id and by e-mail (lowercase), built once per plan. */
const MEMBERS = new WeakMap<Planning, { byId: Map<string, LiveMember>; byEmail: Map<string, LiveMember> }>();

/** A member by e-mail (any case) or user id. */
function memberOf(p: Planning, name: string): LiveMember | undefined {
  let index = MEMBERS.get(p);
  if (!index) {
    index = { byId: new Map(), byEmail: new Map() };
    for (const m of p.live.members ?? []) {
      if (m.email !== null) index.byEmail.set(m.email.toLowerCase(), m);
      index.byId.set(m.id, m);
    }
    MEMBERS.set(p, index);
  }
  return index.byId.get(name) ?? index.byEmail.get(name.toLowerCase());
}

/** How a member is named in the plan: their e-mail, else their id. */
const nameOf = (m: LiveMember) => m.email ?? m.id;

/** People the file names who are not members (yet): one note each, with the invite that makes them members. */
const INVITES = new WeakMap<Planning, Map<string, { role?: string; teams: string[]; note: Manual }>>();

function notMember(p: Planning, name: string, role?: string, team?: string): void {
  let invites = INVITES.get(p);
  if (!invites) INVITES.set(p, (invites = new Map()));
  let who = invites.get(name.toLowerCase());
  if (!who) {
    who = { teams: [], note: { kind: 'members', key: name, what: '', how: '' } };
    invites.set(name.toLowerCase(), who);
    p.manual.push(who.note);
  }
  if (role !== undefined) who.role = role;
  if (team !== undefined) who.teams.push(team);
  const teams = who.teams.length ? `, in team${who.teams.length === 1 ? '' : 's'} ${who.teams.join(', ')}` : '';
  who.note.what = `not a member of the organization (the file gives ${who.role !== undefined ? `the role ${who.role}` : 'no role'}${teams})`;
  who.note.how = `invite them, and plan again once they joined: docplat members invite ${name}${who.role !== undefined ? ` --role ${who.role}` : ''}`;
}

export function planMembers(p: Planning): void {
  const live = p.live.members ?? [];
  const named = new Set<string>();
  const finalRole = new Map(live.map((m) => [m.id, m.role as string | undefined]));
  for (const [name, role] of Object.entries(p.file.members!)) {
    const m = memberOf(p, name);
    if (!m) {
      notMember(p, name, role);
      continue;
    }
    named.add(m.id);
    finalRole.set(m.id, role);
    if (m.role === role) continue;
    p.add({
      action: 'update', kind: 'members', key: nameOf(m), id: m.id, fields: { role: { from: m.role, to: role } },
      steps: [{ op: 'members.update', input: () => ({ params: { organizationId: p.live.org, userId: m.id }, body: { role: role === 'guest' ? null : role } }) }],
    });
  }
  const rest = live.filter((m) => !named.has(m.id));
  if (p.prune) for (const m of rest) finalRole.set(m.id, undefined);
  if (live.some((m) => m.role === 'admin') && ![...finalRole.values()].includes('admin')) {
    p.refusals.push('members: the organization would have no admin left (the platform keeps at least one): keep an admin in the file');
  }
  leftovers(p, 'members', rest, nameOf, (m) => ({ op: 'members.remove', input: () => ({ params: { organizationId: p.live.org, userId: m.id } }) }));
}

export function planTeams(p: Planning): void {
  const live = p.live.teams ?? [];
  const match = matcher(live, (t) => t.title);
  eachEntry(p.file.teams!, match, (e) => e.title, (entry, found) => {
    // The roster as user ids → role.
    const want = new Map<string, { role: string; name: string }>();
    for (const [name, role] of Object.entries(entry.members ?? {})) {
      const m = memberOf(p, name);
      if (!m) notMember(p, name, undefined, entry.title);
      else want.set(m.id, { role, name: nameOf(m) });
    }
    const have = new Map<string, { role: string; name: string }>();
    for (const [name, role] of Object.entries(found?.members ?? {})) {
      const m = memberOf(p, name);
      have.set(m?.id ?? name, { role, name: m ? nameOf(m) : name });
    }
    const fields: Change['fields'] = {};
    const add: string[] = [];
    const remove: string[] = [];
    const memberships: Record<string, { role: string }> = {};
    if (entry.members !== undefined) {
      for (const [id, w] of want) {
        const h = have.get(id);
        if (h?.role === w.role) continue;
        fields[`members.${w.name}`] = { from: h?.role ?? null, to: w.role };
        if (!h) add.push(id);
        memberships[id] = { role: w.role };
      }
      for (const [id, h] of have) {
        if (want.has(id)) continue;
        fields[`members.${h.name}`] = { from: h.role, to: null };
        remove.push(id);
      }
    }
    const roster = (teamId: (idOf: (r: string) => string) => string) => ({
      op: 'teams.updateMembers' as const,
      input: (idOf: (r: string) => string) => ({
        params: { organizationId: p.live.org, teamId: teamId(idOf) },
        body: { ...(add.length ? { add } : {}), ...(remove.length ? { remove } : {}), ...(Object.keys(memberships).length ? { memberships } : {}) },
      }),
    });
    const changesRoster = add.length + remove.length + Object.keys(memberships).length > 0;
    if (!found) {
      const ref = `teams:create:${entry.title}`;
      p.created.set(`teams:${entry.title}`, ref);
      p.add({
        action: 'create', kind: 'teams', key: entry.title, ref, fields: { title: { from: null, to: entry.title }, ...fields },
        steps: [
          {
            op: 'teams.create', provides: true, input: () => ({ params: { organizationId: p.live.org }, body: { title: entry.title } }),
            find: { op: 'teams.list', params: { organizationId: p.live.org }, match: (t) => t.title === entry.title },
          },
          ...(changesRoster ? [roster((idOf) => idOf(ref))] : []),
        ],
      });
      return;
    }
    const rename = diffFields({ title: entry.title }, found as unknown as Record<string, unknown>, ['title']);
    const steps: Change['steps'] = [];
    if (rename.fields.title) steps.push({ op: 'teams.rename', input: () => ({ params: { organizationId: p.live.org, teamId: found.id }, body: { title: entry.title } }) });
    if (changesRoster) steps.push(roster(() => found.id));
    if (steps.length) p.add({ action: 'update', kind: 'teams', key: entry.title, id: found.id, fields: { ...rename.fields, ...fields }, steps });
  });
  const rest = match.unmatched();
  if (p.prune) {
    for (const t of rest) {
      const provider = (p.live.sso ?? []).find((s) => s.defaultTeam === t.id && !p.file.sso?.some((e) => (e.id === s.id || e.label === s.label) && e.defaultTeam && e.defaultTeam !== t.id && e.defaultTeam !== t.title));
      if (provider) p.refusals.push(`teams: "${escapeControls(t.title)}" cannot be deleted: the SSO provider "${escapeControls(provider.label)}" adds new members to it (give the provider another defaultTeam, or keep the team)`);
    }
  }
  leftovers(p, 'teams', rest, (t) => t.title, (t) => ({ op: 'teams.delete', input: () => ({ params: { organizationId: p.live.org, teamId: t.id } }) }));
}

const SSO_FIELDS = ['label', 'entityID', 'ssoURL', 'certificate', 'defaultRole', 'defaultTeam'];

export function planSso(p: Planning): void {
  const live = p.live.sso ?? [];
  const match = matcher(live, (s) => s.label);
  eachEntry(p.file.sso!, match, (e) => e.label, (entry, found, i) => {
    // The default team: a team of the file (created by this apply) or of the organization, by title or id.
    let teamId: string | undefined;
    let teamRef: string | undefined;
    if (entry.defaultTeam) {
      const team = (p.live.teams ?? []).find((t) => t.id === entry.defaultTeam || t.title === entry.defaultTeam);
      teamId = team?.id;
      teamRef = team ? undefined : p.created.get(`teams:${entry.defaultTeam}`);
      if (!team && !teamRef) p.problems.push({ path: ['sso', i, 'defaultTeam'], message: `no team "${escapeControls(entry.defaultTeam)}" in the file or the organization` });
    }
    if (entry.defaultTeam === null && found?.defaultTeam) {
      p.refusals.push(`sso: the default team of "${escapeControls(entry.label)}" cannot be removed, only replaced: name another team, or leave defaultTeam out`);
      return;
    }
    const certificate = entry.certificate === undefined ? undefined : (p.files.get(entry.certificate) ?? entry.certificate);
    // An ssoURL with *** (as pull writes credentials) stands for the organization's: never sent.
    const ssoURL = entry.ssoURL === undefined ? undefined : fileUrl(entry.ssoURL, found?.ssoURL);
    if (entry.ssoURL !== undefined && ssoURL === undefined) {
      p.problems.push({ path: ['sso', i, 'ssoURL'], message: MASKED_URL });
      return;
    }
    const want = { ...entry, certificate, ssoURL, defaultTeam: entry.defaultTeam ? (teamId ?? entry.defaultTeam) : undefined };
    const { fields, body } = diffFields(want, (found ?? {}) as unknown as Record<string, unknown>, SSO_FIELDS);
    if (fields.ssoURL) fields.ssoURL = { from: found?.ssoURL ? withoutCredentials(found.ssoURL) : null, to: withoutCredentials(entry.ssoURL!) };
    // A certificate is long: the plan says it changes, not what it is.
    if (fields.certificate) fields.certificate = { from: found?.certificate ? '(a certificate)' : null, to: '(the certificate of the file)' };
    if (fields.defaultTeam) fields.defaultTeam = { from: (p.live.teams ?? []).find((t) => t.id === found?.defaultTeam)?.title ?? found?.defaultTeam ?? null, to: entry.defaultTeam };
    const input = (idOf: (r: string) => string) => ({ ...body, ...(teamRef ? { defaultTeam: idOf(teamRef) } : {}) });
    const after = teamRef ? [teamRef] : [];
    if (!found) {
      p.add({ action: 'create', kind: 'sso', key: entry.label, fields, after, steps: [{ op: 'sso.create', provides: true, input: (idOf) => ({ params: { organizationId: p.live.org }, body: input(idOf) }), find: { op: 'sso.list', params: { organizationId: p.live.org }, match: (s) => s.label === entry.label } }] });
    } else if (Object.keys(fields).length) {
      p.add({ action: 'update', kind: 'sso', key: entry.label, id: found.id, fields, after, steps: [{ op: 'sso.update', input: (idOf) => ({ params: { organizationId: p.live.org, samlProviderId: found.id }, body: input(idOf) }) }] });
    }
  });
  leftovers(p, 'sso', match.unmatched(), (s) => s.label, (s) => ({ op: 'sso.delete', input: () => ({ params: { organizationId: p.live.org, samlProviderId: s.id } }) }));
}
