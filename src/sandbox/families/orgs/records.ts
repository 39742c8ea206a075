// The orgs family's records: users, organizations and their members, as the
// state file holds them.
import { createHash } from 'node:crypto';
import type { Role } from '../../../api/enums.js';

/** The prefix of a user's token (the state's own user has the state's token, `dps_sandbox_`). */
export const USER_TOKEN_PREFIX = 'dpu_sandbox_';

/**
 * The token of a user other than the state's own: derived from the state's
 * token and the user's id, so it is stable across restarts, needs no
 * storage, and is unknown to anyone without the state's token.
 */
export function userToken(stateToken: string, userId: string): string {
  return USER_TOKEN_PREFIX + createHash('sha256').update(`${stateToken}\0user\0${userId}`).digest('hex').slice(0, 32);
}

export interface UserRec {
  id: string;
  displayName: string;
  email: string;
  photoURL?: string;
}

export interface MemberRec {
  userId: string;
  /** null: a guest, who sees only the spaces in `grants`. */
  role: Role | null;
  joinedAt: string;
  lastSeenAt?: string;
  disabled: boolean;
  sso: boolean;
  /** Space id → role, beside (or, for a guest, instead of) the role. */
  grants?: Record<string, Role>;
}

export interface OrgRec {
  id: string;
  title: string;
  createdAt: string;
  plan: 'free' | 'plus' | 'pro';
  emailDomains: string[];
  members: MemberRec[];
}

export interface OrgsJson {
  users: UserRec[];
  orgs: OrgRec[];
}

export interface MemberView {
  member: MemberRec;
  user: UserRec;
}
