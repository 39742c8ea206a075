// The comments family's records (comments, replies, reactions, as the state
// file holds them), the operations' inputs, and the changes of a record that
// every operation shares (bodies, reactions).
import type { Role } from '../../../api/enums.js';
import { textOfDocument } from '../../core/document.js';
import type { PageQuery } from '../../core/paging.js';
import type { SpaceRec } from '../spaces/index.js';

export interface ReactionRec {
  emoji: string;
  /** In the order they reacted. */
  users: { user: string; reactedAt: string }[];
}

export interface ReplyRec {
  id: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  /** Markdown. */
  body: string;
  reactions: ReactionRec[];
}

export interface CommentRec {
  id: string;
  space: string;
  /** The change request it was made in (its id); absent for a comment on the space. */
  changeRequest?: string;
  /** The review of the change request it was posted with (the change-requests family's record). */
  review?: string;
  page?: string;
  node?: string;
  postedBy: string;
  postedAt: string;
  editedAt?: string;
  /** Markdown. */
  body: string;
  reactions: ReactionRec[];
  resolvedAt?: string;
  resolvedBy?: string;
  replies: ReplyRec[];
}

export interface CommentsJson {
  comments: CommentRec[];
  /** Ids of deleted comments: a second DELETE answers 204, not 404. */
  removed: string[];
}

/** What a comment shows of its page. */
export interface PageInfo {
  id: string;
  title: string;
  path: string;
  emoji?: string;
}

export type Format = 'document' | 'markdown';

/** Where a request's comments live: a space, or one of its change requests. */
export interface Scope {
  space: SpaceRec;
  changeRequest?: string;
  /** The caller's role in the space (organization role raised by a grant). */
  role: Role | null | undefined;
}

export interface ListQuery extends PageQuery {
  order?: 'asc' | 'desc';
  status?: 'all' | 'open' | 'resolved';
  format?: Format;
  targetPage?: string;
  authors?: string[];
}

export interface BodyInput {
  markdown?: unknown;
  document?: unknown;
}

export interface UpdateInput {
  resolved?: boolean;
  body?: BodyInput;
  addedReactions?: string[];
  removedReactions?: string[];
}

/** The Markdown of a body variant: `{markdown}`, a JSON `{document}` (kept as its text), or the empty object. */
export function markdownOf(body: BodyInput): string {
  if (typeof body.markdown === 'string') return body.markdown;
  if (body.document !== undefined) return textOfDocument(body.document);
  return '';
}

/** Adds the user's reaction; reacting twice with the same emoji changes nothing. */
export function react(target: { reactions: ReactionRec[] }, emoji: string, user: string, at: string): void {
  let r = target.reactions.find((x) => x.emoji === emoji);
  if (!r) target.reactions.push((r = { emoji, users: [] }));
  if (!r.users.some((u) => u.user === user)) r.users.push({ user, reactedAt: at });
}

/** Removes the user's reaction, and the reaction when no one is left. */
export function unreact(target: { reactions: ReactionRec[] }, emoji: string, user: string): void {
  const r = target.reactions.find((x) => x.emoji === emoji);
  if (!r) return;
  r.users = r.users.filter((u) => u.user !== user);
  if (r.users.length === 0) target.reactions.splice(target.reactions.indexOf(r), 1);
}
