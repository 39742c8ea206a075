// The API's objects as the sandbox sends them, built from state records:
// Space, Collection, Organization, User, Member, search results, link items,
// lists and error bodies. Field sets follow the API reference, required
// fields the OpenAPI description.
import type { Role } from '../api/bounds.js';
import type { GeneratedLink, GeneratedPage, SearchHit } from './content.js';
import type { CollectionRec, MemberRec, OrgRec, SpaceRec, UserRec } from './model.js';
import { atLeast, type SandboxState } from './state.js';

/** Web app and published-content hosts: plausible, and never real (.test is reserved). */
export const APP_URL = 'https://app.docplat.test';
const PUBLISHED_DOMAIN = 'docplat.test';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function publishedUrl(org: OrgRec | undefined, space: SpaceRec): string {
  return `https://${slug(org?.title ?? '') || 'docs'}.${PUBLISHED_DOMAIN}/${slug(space.title) || space.id}/`;
}

export function spaceObject(state: SandboxState, space: SpaceRec, api: string, shareKey?: string): Record<string, unknown> {
  const role = state.roleIn(space.org);
  const canEdit = atLeast(role, 'edit') && space.editMode !== 'locked';
  const urls: Record<string, string> = { location: `${api}/spaces/${space.id}`, app: `${APP_URL}/o/${space.org}/s/${space.id}/` };
  const v = space.visibility;
  if (v === 'public' || v === 'unlisted' || v === 'visitor-auth' || (v === 'share-link' && shareKey)) {
    const published = publishedUrl(state.listOrgs().find((o) => o.id === space.org), space);
    urls.published = v === 'share-link' ? `${published}?share=${encodeURIComponent(shareKey!)}` : published;
    if (v === 'public') urls.public = published;
  }
  return {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt ? { deletedAt: space.deletedAt } : {}),
    editMode: space.editMode,
    mergeRules: { type: 'inherit' },
    urls,
    organization: space.org,
    ...(space.parent ? { parent: space.parent } : {}),
    revision: space.revision,
    defaultLevel: space.defaultLevel,
    comments: space.comments,
    changeRequests: space.changeRequests,
    changeRequestsOpen: space.changeRequestsOpen,
    changeRequestsDraft: space.changeRequestsDraft,
    permissions: {
      view: true,
      access: true,
      admin: atLeast(role, 'admin'),
      viewInviteLinks: atLeast(role, 'admin'),
      edit: canEdit,
      triggerGitSync: canEdit,
      comment: atLeast(role, 'comment'),
      merge: canEdit,
      review: atLeast(role, 'review'),
      installIntegration: atLeast(role, 'admin'),
    },
  };
}

export function collectionObject(state: SandboxState, c: CollectionRec, api: string): Record<string, unknown> {
  const role = state.roleIn(c.org);
  return {
    object: 'collection',
    id: c.id,
    title: c.title,
    ...(c.description !== undefined ? { description: c.description } : {}),
    organization: c.org,
    ...(c.parent ? { parent: c.parent } : {}),
    defaultLevel: c.defaultLevel,
    urls: { location: `${api}/collections/${c.id}`, app: `${APP_URL}/o/${c.org}/c/${c.id}/` },
    permissions: {
      view: true,
      admin: atLeast(role, 'admin'),
      viewInviteLinks: atLeast(role, 'admin'),
      create: atLeast(role, 'create'),
    },
  };
}

export function orgObject(state: SandboxState, org: OrgRec, api: string): Record<string, unknown> {
  const role = state.roleIn(org.id);
  const admin = atLeast(role, 'admin');
  return {
    object: 'organization',
    id: org.id,
    title: org.title,
    createdAt: org.createdAt,
    emailDomains: org.emailDomains,
    type: 'business',
    defaultRole: 'read',
    sso: false,
    ai: true,
    inviteLinks: true,
    plan: org.plan,
    mergeRules: { type: 'none' },
    urls: { location: `${api}/orgs/${org.id}`, app: `${APP_URL}/o/${org.id}/` },
    trial: { status: 'notapplicable', count: 0 },
    permissions: {
      view: true,
      access: true,
      admin,
      ownTeam: atLeast(role, 'create'),
      createContent: atLeast(role, 'create'),
      createOpenAPISpec: atLeast(role, 'create'),
      viewBilling: admin,
      listMembers: atLeast(role, 'read'),
      listTeams: atLeast(role, 'read'),
      listIntegrations: atLeast(role, 'read'),
      listInstallations: admin,
      installIntegration: admin,
      // Dropped from the latest description, still required by 0.130.0's, which
      // describes the links operation that embeds organizations.
      ingestConversations: admin,
    },
  };
}

export function userObject(user: UserRec, api: string): Record<string, unknown> {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: `${api}/users/${user.id}` },
  };
}

export function memberObject(member: MemberRec, user: UserRec, spaces: number, api: string): Record<string, unknown> {
  return {
    object: 'member',
    id: user.id,
    role: member.role,
    user: userObject(user, api),
    disabled: member.disabled,
    joinedAt: member.joinedAt,
    ...(member.lastSeenAt ? { lastSeenAt: member.lastSeenAt } : {}),
    sso: member.sso,
    spaces,
    teams: member.teams,
    sites: 0,
  };
}

const PERMISSION_HEAD = Buffer.from('{"permission":');
const SPACE_KEY = Buffer.from(',"space":');
const CLOSE = Buffer.from('}');

/** `{permission, space}` of a member's spaces listing, around the space's cached JSON. */
export function memberSpaceBody(permission: Role, space: Buffer): Buffer {
  return Buffer.concat([PERMISSION_HEAD, Buffer.from(JSON.stringify(permission)), SPACE_KEY, space, CLOSE]);
}

function pageUrl(space: SpaceRec, path: string): string {
  return `${APP_URL}/o/${space.org}/s/${space.id}/${path}`;
}

export function searchResultObject(space: SpaceRec, hit: SearchHit, rank: number): Record<string, unknown> {
  const { page } = hit;
  return {
    id: page.id,
    title: page.title,
    description: page.description,
    path: page.path,
    score: hit.score,
    rank,
    resultType: 'page',
    sections: hit.sections.map(({ section, score }) => ({
      id: section.id,
      title: section.title,
      path: `${page.path}#${slug(section.title)}`,
      score,
      resultType: 'section',
      body: section.body,
      urls: { app: `${pageUrl(space, page.path)}#${slug(section.title)}` },
    })),
    ancestors: page.ancestors.map((title) => ({ title })),
    urls: { app: pageUrl(space, page.path) },
  };
}

/** A page as embedded in a content location (a link's `locationReferences`). */
function pageObject(space: SpaceRec, page: GeneratedPage): Record<string, unknown> {
  return {
    id: page.id,
    title: page.title,
    kind: 'sheet',
    type: 'document',
    urls: { app: pageUrl(space, page.path) },
    slug: page.path.split('/').pop() ?? '',
    path: page.path,
    description: page.description,
    pages: [],
    layout: { width: 'default', cover: false, coverSize: 'hero', title: true, description: true, tableOfContents: true, outline: true, pagination: true, metadata: true },
    markdown: page.sections.map((s) => `## ${s.title}\n\n${s.body}\n`).join('\n'),
  };
}

/**
 * A link item: the link's target as a URL, and the page holding it as a
 * page location with its organization and space, as the platform does.
 */
export function linkObject(state: SandboxState, space: SpaceRec, pages: GeneratedPage[], link: GeneratedLink, api: string): Record<string, unknown> {
  return {
    status: link.status,
    relation: 'reference',
    targetReference: { kind: 'url', url: link.target },
    locationReferences: [
      {
        kind: 'page',
        organization: orgObject(state, state.org(space.org), api),
        space: spaceObject(state, space, api),
        page: pageObject(space, pages[link.page]),
      },
    ],
  };
}

export function linkStats(links: GeneratedLink[]): Record<string, unknown> {
  return { total: links.length, broken: { total: links.filter((l) => l.status === 'broken').length, changeRequest: 0 } };
}

export const jsonBody = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

const COMMA = Buffer.from(',');
const LIST_TAIL = Buffer.from(']}');

/**
 * `{next?, count, ...extra, items}` from items already encoded: a page is
 * one concatenation of cached bytes, with no JSON work per item.
 */
export function listBody(items: Buffer[], count: number, next?: string, extra: Record<string, unknown> = {}): Buffer {
  let head = '{';
  if (next !== undefined) head += `"next":{"page":${JSON.stringify(next)}},`;
  head += `"count":${count},`;
  for (const [k, v] of Object.entries(extra)) head += `${JSON.stringify(k)}:${JSON.stringify(v)},`;
  const parts: Buffer[] = [Buffer.from(`${head}"items":[`)];
  for (let i = 0; i < items.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(items[i]);
  }
  parts.push(LIST_TAIL);
  return Buffer.concat(parts);
}

export function errorBody(status: number, message: string): Buffer {
  return jsonBody({ error: { code: status, message } });
}
