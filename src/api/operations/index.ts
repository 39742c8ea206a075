// Every operation of the API that docplat uses, declared once, by family.
// The CLI builds its requests from these; the sandbox routes by them.
import type { Operation } from '../operation.js';
import { OPERATIONS } from './table.js';

export { OPERATIONS };

export type OperationId = keyof typeof OPERATIONS;

export function operation(id: OperationId): Operation {
  return OPERATIONS[id];
}
