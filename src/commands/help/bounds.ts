// The documented bounds of the field a flag fills, as its help says them
// ("title (1 to 64 characters)"): read from the operation table, never
// restated by hand in a description, so the help and the check agree.
import type { Spec } from '../../api/schema.js';

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  const u = unit ? ` ${unit}` : '';
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min}${u}` : `${min} to ${max}${u}`;
  if (max !== undefined) return `at most ${max}${u}`;
  if (min !== undefined && min > (unit === 'characters' ? 1 : 0)) return `at least ${min}${u}`;
  return undefined;
}

/** The bounds of a value of this spec, in words; undefined when it has none worth saying. */
export function boundsText(spec: Spec | undefined): string | undefined {
  if (!spec) return undefined;
  if (spec.type === 'string' && !spec.enum) return range(spec.min, spec.max, 'characters');
  if (spec.type === 'number') return range(spec.min, spec.max, '');
  if (spec.type === 'array') {
    const each = boundsText(spec.items);
    const count = range(spec.minItems, spec.maxItems, 'values');
    return [each && `each ${each}`, count].filter(Boolean).join('; ') || undefined;
  }
  return undefined;
}

/** A flag's description with the bounds of its field appended. */
export function withBounds(description: string, spec: Spec | undefined): string {
  const bounds = boundsText(spec);
  return bounds ? `${description} (${bounds})` : description;
}
