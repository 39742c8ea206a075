// Every operation of the API that docplat uses, declared once, by family.
// The CLI builds its requests from these; the sandbox routes by them.
import type { Operation } from '../operation.js';
import { COLLECTIONS_OPERATIONS } from './collections.js';
import { MEMBERS_OPERATIONS } from './members.js';
import { ORGS_OPERATIONS } from './orgs.js';
import { SPACES_OPERATIONS } from './spaces.js';

export const OPERATIONS = {
  ...ORGS_OPERATIONS,
  ...COLLECTIONS_OPERATIONS,
  ...SPACES_OPERATIONS,
  ...MEMBERS_OPERATIONS,
} satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;

export function operation(id: OperationId): Operation {
  return OPERATIONS[id];
}
