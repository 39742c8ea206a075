// teams add / teams remove: users named by id or e-mail, sent in batches in
// the one `PUT …/teams/{teamId}/members` body the API takes, with a result per
// user. Who is already in the team (or not a member of the organization) is
// read first, so a re-run skips what is done and the API is sent only real
// changes.
import { TEAM_ROLES } from '../../api/enums.js';
import { apiRequest, type BuiltRequest } from '../../api/request.js';
import type { Context } from '../../context.js';
import type { BulkResult } from '../define.js';
import { ApiError, UsageError } from '../../errors.js';
import { checkId } from '../../validate.js';

/** Users per PUT: one body for a usual team change, a few for a whole directory. */
export const BATCH = 100;

interface Member {
  id: string;
  user: { email?: string };
}

interface Change {
  verb: 'add' | 'remove';
  teamId: string;
  names: string[];
  role?: string;
  dryRun?: boolean;
}

export async function changeTeamMembers(ctx: Context, change: Change): Promise<void> {
  const { verb, teamId, role } = change;
  checkId('team id', teamId);
  if (role !== undefined && !(TEAM_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${TEAM_ROLES.join(', ')} (got "${role}")`);
  const names = await ctx.api.bulk.ids(change.names, 'user');
  if (ctx.api.bulk.nothingToDo(names, 'user')) return;
  for (const name of names) checkId('user id or e-mail', name);
  const organizationId = await ctx.org();
  const params = { organizationId, teamId };
  const request = (batch: string[]): BuiltRequest =>
    apiRequest('teams.updateMembers', {
      params,
      body: verb === 'remove' ? { remove: batch } : { add: batch, ...(role ? { memberships: Object.fromEntries(batch.map((n) => [n, { role }])) } : {}) },
    });
  if (change.dryRun) return ctx.api.dryRun(chunks(names, BATCH).map(request));

  // The team first: an unknown team fails the command (exit 3) before anything else.
  const inTeam = new Map<string, string>();
  for (const m of await ctx.api.all<{ organization: Member; team: { role: string } }>(apiRequest('teams.members', { params }))) inTeam.set(m.organization.id, m.team.role);
  const byKey = new Map<string, Member>();
  for (const m of await ctx.api.all<Member>(apiRequest('members.list', { params: { organizationId } }))) {
    byKey.set(m.id, m);
    if (m.user.email) byKey.set(m.user.email.toLowerCase(), m);
  }

  const results = new Map<string, BulkResult>();
  const planned = new Map<string, string>();
  const memberOf = new Map<string, Member>();
  const send: string[] = [];
  for (const name of names) {
    const member = byKey.get(name) ?? byKey.get(name.toLowerCase());
    const current = member && inTeam.get(member.id);
    let skip: string | undefined;
    if (!member) {
      results.set(name, { id: name, result: 'failed', message: 'not a member of the organization', exitCode: 3 });
      continue;
    } else if (planned.has(member.id)) skip = `the same member as ${planned.get(member.id)}`;
    else if (verb === 'remove' && current === undefined) skip = 'not in the team';
    else if (verb === 'add' && current !== undefined && (role === undefined || role === current)) skip = `already in the team (${current})`;
    if (skip) {
      results.set(name, { id: name, result: 'skipped', message: skip });
      continue;
    }
    planned.set(member.id, name);
    memberOf.set(name, member);
    send.push(name);
  }

  const done = verb === 'remove' ? 'removed' : 'added';
  for (const batch of chunks(send, BATCH)) {
    const r = request(batch);
    try {
      await ctx.api.send(r);
      for (const name of batch) {
        const current = inTeam.get(memberOf.get(name)!.id);
        results.set(name, { id: name, result: 'ok', message: verb === 'add' && current ? `role set to ${role}` : done });
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      for (const name of batch) results.set(name, { id: name, result: 'failed', message: err.message, status: err.status, exitCode: err.exitCode });
    }
  }
  async function* page() {
    yield { items: names.map((n) => results.get(n)!) };
  }
  await ctx.output.list(ctx.api.bulk.printable(page()), ctx.api.bulk.columns);
  ctx.api.bulk.summary(names, results, { done });
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
