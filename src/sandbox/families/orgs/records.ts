// The orgs family's records: users, organizations and their members, as the
// state file holds them.
import type { Role } from '../../../api/enums.js';

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
