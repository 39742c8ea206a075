// Positions of move requests: `{before|after: {type, <reference key>: id}}`.
// The type and the key differ per resource (API reference, "Common
// conventions" 4); this table is the one place that knows them.
import { id, obj, required, str, type ObjectSpec } from './schema.js';

export const POSITION_KINDS = {
  space: { type: 'space', key: 'space' },
  collection: { type: 'collection', key: 'collection' },
  'site-section': { type: 'site-section', key: 'siteSection' },
  'site-space': { type: 'site-space', key: 'siteSpace' },
  /** A section group is placed among sections: type site-section, key id. */
  'site-section-group': { type: 'site-section', key: 'id' },
  /** A section group placed next to another group (OpenAPI 0.202.0 SiteSectionGroupPointer). */
  'section-group': { type: 'site-section-group', key: 'id' },
} as const;
export type PositionKind = keyof typeof POSITION_KINDS;

export type Side = 'before' | 'after';

/** The `position` object that places a resource of `kind` before or after a sibling. */
export function position(kind: PositionKind, side: Side, siblingId: string): Record<string, unknown> {
  const { type, key } = POSITION_KINDS[kind];
  return { [side]: { type, [key]: siblingId } };
}

const REFERENCE: ObjectSpec = obj({ type: required(str()) }, { values: id() });

/** The body field `position` as operations declare it; which references fit is the resource's rule. */
export const POSITION: ObjectSpec = obj({ before: REFERENCE, after: REFERENCE });
