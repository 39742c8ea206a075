// A flag that writes one property of a resource's request body, with the
// documented bound it must respect. Declared per resource in this folder;
// src/commands/common.ts turns them into flags and bodies.
import type { BoundKey } from '../api/bounds.js';

export interface Field {
  /** Commander flag spec, e.g. '--title <title>'. */
  flag: string;
  description: string;
  /** Body property it sets. */
  body: string;
  bound?: BoundKey;
  /** A word that sends null (e.g. `none` for --default-level). */
  nullWord?: string;
}
