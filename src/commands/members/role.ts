// `--role`: a member's role, or `guest` (sent as null: no role, only the spaces shared with them).
import { ROLES } from '../../api/enums.js';
import { UsageError } from '../../errors.js';
import type { Flag } from '../define.js';

export function roleFlag(description: string) {
  return {
    flags: '--role <role>',
    description,
    body: 'role',
    nullWord: 'guest',
    map: (role: string) => {
      if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}, or guest (got "${role}")`);
      return role;
    },
  } as const satisfies Flag<'--role <role>'>;
}
