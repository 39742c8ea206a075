// The teams family's records, the operations' inputs and what every part
// of the family shares.
import type { PageQuery } from '../../core/paging.js';

export type TeamRole = 'owner' | 'member';

export interface TeamRec {
  id: string;
  org: string;
  title: string;
  createdAt: string;
  /** Spaces the team has access to (space permissions of teams are not modelled: a count). */
  spaces: number;
  /** User id → team role, in the order they joined. */
  members: Record<string, TeamRole>;
}

export interface TeamsJson {
  teams: TeamRec[];
}

export interface TeamsQuery extends PageQuery {
  owner?: string;
  title?: string;
}

export interface UpdateMembersBody {
  add?: string[];
  remove?: string[];
  memberships?: Record<string, { role: TeamRole }>;
}

export const contains = (text: string, part: string | undefined) => !part || text.toLowerCase().includes(part.toLowerCase());
