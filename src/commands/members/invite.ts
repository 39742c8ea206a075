// `members invite <email...>`: people into the organization by e-mail address
// (POST /orgs/{org}/invites, public OpenAPI description 0.202.0). One request
// per address, as the bulk verbs send one per id, so that each address gets
// its own result: the answer lists the users it added, not their addresses.
import { defineCommand, type Bulk } from '../define.js';
import { roleFlag } from './role.js';

type Answer = { users?: unknown; failedSSOEmails?: unknown };

const ROLE = roleFlag('their role: admin, create, review, edit, comment, read, or guest (default: read)');
const NAMES = { 'body:emails': 'e-mail address', 'body:role': '--role' };

const BULK: Bulk = {
  what: 'e-mail address',
  done: 'invited',
  answered(data) {
    const answer = (data ?? {}) as Answer;
    if (Array.isArray(answer.users) && answer.users.length === 0) return { result: 'skipped', message: 'already a member' };
    if (Array.isArray(answer.failedSSOEmails) && answer.failedSSOEmails.length > 0) return { result: 'ok', message: 'invited, but not as an SSO member (a member of another organization)' };
    return undefined;
  },
};

export const INVITE = defineCommand({
  name: 'invite',
  summary: 'invite people to the organization by e-mail address (admins only)',
  help: [
    'Each address is its own request and gets its own result. An address already in the organization is',
    'skipped ("skipped (already a member)"), so a re-run is safe. --role guest invites guests (no role: only',
    'the spaces shared with them). With --sso, someone who is a member of another organization is invited but',
    'not as an SSO member, and the result says so.',
  ].join('\n'),
  examples: ['invite ada@example.com grace@example.com --role edit', 'invite - --role read < emails.txt', 'invite ada@example.com --sso --dry-run'],
  args: [{ name: 'email', body: 'emails', description: 'e-mail addresses, or - to read them from stdin (one per line, or separated by spaces)' }],
  flags: {
    role: ROLE,
    sso: { flags: '--sso', description: 'invite them as SSO members of the organization', body: 'sso' },
    concurrency: { flags: '--concurrency <n>', description: 'requests in flight at once (default 8)' },
  },
  operation: 'members.invite',
  bulk: BULK,
  async run(ctx, { rest, opts }) {
    // Addresses from stdin are read before the org is looked up (which may start --sandbox's sandbox).
    const addresses = await ctx.api.bulk.ids(rest, 'e-mail address');
    const role = opts.role === undefined ? undefined : opts.role === 'guest' ? null : ROLE.map(opts.role);
    const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
    if (ctx.api.bulk.nothingToDo(addresses, 'e-mail address')) return;
    const body = { ...(role !== undefined ? { role } : {}), ...(opts.sso ? { sso: true } : {}) };
    const build = (organizationId: string, email: string) => ctx.api.request('members.invite', { params: { organizationId }, body: { emails: [email], ...body } }, NAMES);
    // Every address is checked before anything is sent: finding the organization may ask the API (`orgs list`).
    for (const email of addresses) build('-', email);
    const organizationId = await ctx.org();
    const requests = addresses.map((email) => ({ request: build(organizationId, email) }));
    if (opts.dryRun) return ctx.api.dryRun(requests.map((r) => r.request));
    await ctx.api.bulk.run(addresses, requests, concurrency, BULK);
  },
});
