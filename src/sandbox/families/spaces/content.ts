// The content of a space (spaces family), generated rather than stored: a
// few pages made from the space's title and its `content` number, the links
// found in them, search over them, and their JSON. Enough for search and
// links listings to answer something plausible.
import { prng } from '../../core/ids.js';
import { urlOf } from '../../core/location.js';
import { APP_URL } from '../../core/reply.js';

/** What the generated content depends on. */
interface SpaceContent {
  id: string;
  org: string;
  title: string;
  content: number;
  /** Created with `empty: true`: no page, so no generated content at all. */
  empty?: boolean;
}

export interface GeneratedSection {
  id: string;
  title: string;
  body: string;
}

export interface GeneratedPage {
  id: string;
  title: string;
  description: string;
  /** Path of the page in the space, e.g. `guides/authentication`. */
  path: string;
  ancestors: string[];
  sections: GeneratedSection[];
}

export interface GeneratedLink {
  status: 'ok' | 'broken' | 'in-app';
  target: string;
  /** Index in pagesOf() of the page that holds the link. */
  page: number;
}

const PAGES: { path: string; title: string; ancestors: string[]; sections: [string, string][] }[] = [
  {
    path: '',
    title: 'Introduction',
    ancestors: [],
    sections: [
      ['Overview', 'Welcome to {title}. This space explains what it covers and who it is for.'],
      ['Conventions', 'Code samples use the command line. Replace placeholders in angle brackets with your own values.'],
    ],
  },
  {
    path: 'getting-started',
    title: 'Getting started',
    ancestors: [],
    sections: [
      ['Requirements', 'You need an account and an API token. Install the tools with your package manager.'],
      ['First steps', 'Create a project, invite your team and publish your first page about {title}.'],
    ],
  },
  {
    path: 'guides/authentication',
    title: 'Authentication',
    ancestors: ['Guides'],
    sections: [
      ['Tokens', 'Every request carries a bearer token in the Authorization header. Rotate tokens regularly.'],
      ['Single sign-on', 'Organizations can require SAML single sign-on for all members.'],
    ],
  },
  {
    path: 'guides/configuration',
    title: 'Configuration',
    ancestors: ['Guides'],
    sections: [
      ['Settings file', 'Settings live in a JSON file. Environment variables override the file.'],
      ['Limits', 'Lists return at most 1000 items per page; follow the cursor for more.'],
    ],
  },
  {
    path: 'faq',
    title: 'FAQ',
    ancestors: [],
    sections: [
      ['Can I restore a deleted space?', 'Yes, within 7 days of its deletion. After that it is removed permanently.'],
      ['Where do I report a problem?', 'Open a support request from the help menu and mention {title}.'],
    ],
  },
];

export const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
/** Eight hex digits of a 32-bit number: the tail of a generated id (`pg0000001f`). */
export const hex = (n: number): string => (n >>> 0).toString(16).padStart(8, '0');

export function pagesOf(space: Pick<SpaceContent, 'title' | 'content' | 'empty'>): GeneratedPage[] {
  if (space.empty) return [];
  return PAGES.map((p, i) => ({
    id: `pg${hex(space.content * 31 + i)}`,
    title: p.title,
    description: `${p.title} — ${space.title}`,
    path: p.path,
    ancestors: p.ancestors,
    sections: p.sections.map(([title, body], j) => ({
      id: `sc${hex(space.content * 31 + i * 7 + j)}`,
      title,
      body: body.replace('{title}', space.title),
    })),
  }));
}

export function linksOf(space: Pick<SpaceContent, 'content' | 'empty'>): GeneratedLink[] {
  if (space.empty) return [];
  const random = prng(space.content);
  const count = 3 + Math.floor(random() * 5);
  const links: GeneratedLink[] = [];
  for (let i = 0; i < count; i++) {
    const r = random();
    const page = Math.floor(random() * PAGES.length);
    if (r < 0.6) links.push({ status: 'ok', target: `https://example.com/docs/${slug(PAGES[page].title)}-${i}`, page });
    else if (r < 0.8) links.push({ status: 'broken', target: `https://example.com/gone/${i}`, page });
    else links.push({ status: 'in-app', target: `https://app.docplat.test/o/internal/settings/${i}`, page });
  }
  return links;
}

export interface SearchHit {
  page: GeneratedPage;
  score: number;
  sections: { section: GeneratedSection; score: number }[];
}

/**
 * Pages where every word of the query appears in the title, the description
 * or a section; a title match weighs more. Best first, then in page order.
 */
export function searchPages(space: Pick<SpaceContent, 'title' | 'content' | 'empty'>, query: string): SearchHit[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const page of pagesOf(space)) {
    const sections = page.sections
      .map((section) => ({ section, text: `${section.title} ${section.body}`.toLowerCase() }))
      .filter(({ text }) => words.some((w) => text.includes(w)))
      .map(({ section, text }) => ({ section, score: words.filter((w) => text.includes(w)).length }));
    const all = `${page.title} ${page.description} ${page.sections.map((s) => `${s.title} ${s.body}`).join(' ')}`.toLowerCase();
    if (!words.every((w) => all.includes(w))) continue;
    const title = page.title.toLowerCase();
    const score = words.reduce((n, w) => n + (title.includes(w) ? 2 : 0), 0) + sections.reduce((n, s) => n + s.score, 0);
    hits.push({ page, score, sections });
  }
  return hits.sort((a, b) => b.score - a.score);
}

// ---- JSON ----------------------------------------------------------------------------------

function pageUrl(space: SpaceContent, path: string, hash?: string): string {
  return urlOf(APP_URL, ['o', space.org, 's', space.id, path], { hash });
}

export function searchResultObject(space: SpaceContent, hit: SearchHit, rank: number): Record<string, unknown> {
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
      urls: { app: pageUrl(space, page.path, slug(section.title)) },
    })),
    ancestors: page.ancestors.map((title) => ({ title })),
    urls: { app: pageUrl(space, page.path) },
  };
}

/** A page as embedded in a content location (a link's `locationReferences`). */
export function pageObject(space: SpaceContent, page: GeneratedPage): Record<string, unknown> {
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

export function linkStats(links: readonly { status: string }[]): Record<string, unknown> {
  return { total: links.length, broken: { total: links.filter((l) => l.status === 'broken').length, changeRequest: 0 } };
}
