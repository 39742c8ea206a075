// Roles: their rank, and the check that refuses an action below a role.
import type { Role } from '../../api/enums.js';
import { forbidden } from './errors.js';

export const RANK: Record<Role, number> = { read: 0, comment: 1, review: 2, edit: 3, create: 4, admin: 5 };

/** Whether `role` is `min` or above (admin > create > edit > review > comment > read). */
export function atLeast(role: Role | null | undefined, min: Role): boolean {
  return role !== null && role !== undefined && RANK[role] >= RANK[min];
}

/** The higher of two roles; either may be missing. */
export function higher(a: Role | null | undefined, b: Role | null | undefined): Role | undefined {
  if (!a) return b ?? undefined;
  if (!b) return a;
  return RANK[b] > RANK[a] ? b : a;
}

/** Where a role applies, for the message of a refusal. */
export interface RoleScope {
  id: string;
  title: string;
}

/** Throws 403 unless `role` (the caller's role in `org`; null or undefined: none) is at least `min`. */
export function requireRole(role: Role | null | undefined, min: Role, org: RoleScope, action: string): void {
  if (!atLeast(role, min)) {
    throw forbidden(`You need the ${min} role in organization "${org.title}" (${org.id}) to ${action}; your role there is ${role ?? 'guest'}.`);
  }
}
