// The comments family's demo seed: a few discussions in the demo
// organizations' spaces, one on a change request.
import { DAY, iso } from '../../core/clock.js';
import { Draws, SEED_BASE_TIME } from '../../core/ids.js';
import type { Families, World } from '../../core/world.js';
import type { SpaceRec } from '../spaces/index.js';
import { react, type CommentRec, type PageInfo } from './records.js';

/**
 * A few discussions in the demo organizations (those that exist), by
 * different members: open and resolved ones, with replies and reactions;
 * one on a change request; in Globex, where the caller is an editor, some
 * by its admin (the caller may neither edit nor delete them).
 */
export function seedDemoComments(world: World, lower: Pick<Families, 'content' | 'orgs' | 'spaces'>, pagesOf: (space: SpaceRec, changeRequest?: string) => PageInfo[], put: (c: CommentRec) => void): void {
  const draws = new Draws(20240110);
  const spaceIn = (org: string | undefined, title: string) => (org ? lower.spaces.orgSpaces(org).find((s) => s.title === title) : undefined);
  const userNamed = (name: string) => lower.orgs.listOrgs().flatMap((o) => lower.orgs.members(o.id)).find((m) => m.user.displayName === name)?.user.id;
  const acme = lower.orgs.byTitle('Acme Docs')?.id;
  const globex = lower.orgs.byTitle('Globex')?.id;
  for (const spec of DEMO_COMMENTS) {
    const space = spaceIn(spec.org === 'acme' ? acme : globex, spec.space);
    const author = userNamed(spec.by);
    if (!space || !author) continue;
    const changeRequest = spec.changeRequest ? lower.content.changeRequests(space.id).find((cr) => cr.number === spec.changeRequest)?.id : undefined;
    if (spec.changeRequest && !changeRequest) continue;
    const page = pagesOf(space, changeRequest).find((p) => p.path === spec.page);
    const posted = draws.time(300, SEED_BASE_TIME + 60 * DAY);
    const at = (after: number) => draws.time(5, after);
    const c: CommentRec = {
      id: world.nextId(),
      space: space.id,
      ...(changeRequest ? { changeRequest } : {}),
      ...(page ? { page: page.id } : {}),
      postedBy: author,
      postedAt: iso(posted),
      body: spec.body,
      reactions: [],
      replies: [],
    };
    let last = posted;
    for (const [by, body] of spec.replies ?? []) {
      const who = userNamed(by);
      if (!who) continue;
      last = at(last);
      c.replies.push({ id: world.nextId(), postedBy: who, postedAt: iso(last), body, reactions: [] });
    }
    for (const [emoji, by] of spec.reactions ?? []) {
      const who = userNamed(by);
      if (who) react(c, emoji, who, iso(at(posted)));
    }
    if (spec.resolvedBy) {
      const who = userNamed(spec.resolvedBy);
      if (who) {
        c.resolvedAt = iso(at(last));
        c.resolvedBy = who;
      }
    }
    put(c);
  }
}

interface CommentSpec {
  org: 'acme' | 'globex';
  space: string;
  /** A page path of the space. */
  page: string;
  by: string;
  body: string;
  changeRequest?: number;
  replies?: [string, string][];
  /** [emoji, who] */
  reactions?: [string, string][];
  resolvedBy?: string;
}

const DEMO_COMMENTS: CommentSpec[] = [
  {
    org: 'acme',
    space: 'Getting Started',
    page: 'getting-started',
    by: 'Grace Hopper',
    body: 'The requirements list is missing the minimum Node version.\n\nCan we add it?',
    replies: [
      ['Alan Turing', 'Node 20 or later. I will add it.'],
      ['Grace Hopper', 'Thanks!'],
    ],
    reactions: [['👍', 'Alan Turing'], ['👍', 'Dana Demo'], ['🎉', 'Margaret Hamilton']],
  },
  {
    org: 'acme',
    space: 'Getting Started',
    page: '',
    by: 'Alan Turing',
    body: 'Typo in the overview: "recieve".',
    replies: [['Dana Demo', 'Fixed.']],
    resolvedBy: 'Dana Demo',
  },
  {
    org: 'acme',
    space: 'Getting Started',
    page: 'faq',
    by: 'Barbara Liskov',
    body: 'Should the FAQ say what happens **after** the 7 days?',
    reactions: [['👀', 'Linus Pauling']],
  },
  {
    org: 'acme',
    space: 'Getting Started',
    page: 'guides/authentication',
    by: 'Dana Demo',
    body: 'Mention token rotation in the first paragraph.',
  },
  {
    org: 'acme',
    space: 'Getting Started',
    page: 'guides/configuration',
    by: 'Margaret Hamilton',
    body: 'This section repeats the limits page; link to it instead.',
    changeRequest: 1,
    replies: [['Dana Demo', 'Agreed, done in this change request.']],
  },
  {
    org: 'acme',
    space: 'REST API',
    page: 'guides/authentication',
    by: 'Linus Pauling',
    body: 'Add an example of a 401 response.',
    resolvedBy: 'Grace Hopper',
    reactions: [['✅', 'Grace Hopper']],
  },
  {
    org: 'acme',
    space: 'REST API',
    page: 'faq',
    by: 'Gary Guest',
    body: 'Is there a rate limit?',
    replies: [['Grace Hopper', 'Not documented yet; we are on it.']],
  },
  {
    org: 'globex',
    space: 'Globex Docs',
    page: '',
    by: 'Hank Scorpio',
    body: 'Welcome page needs the new logo.',
    reactions: [['🔥', 'Frank Grimes']],
  },
  {
    org: 'globex',
    space: 'Globex Docs',
    page: 'getting-started',
    by: 'Hank Scorpio',
    body: 'Who owns this page?',
    resolvedBy: 'Hank Scorpio',
  },
];
