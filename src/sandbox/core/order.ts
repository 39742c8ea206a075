// Sibling order, for any family: containers (an organization's top level, a
// collection, later a site or a section group) hold their children in order,
// and a move places a child before or after a sibling. The containers hold
// the records themselves: walking 100,000 of them is a pass over arrays,
// with no lookups. Deleted children may keep their place (a restored space
// comes back where it was); that is the family's choice.
import { POSITION_KINDS, type PositionKind, type Side } from '../../api/positions.js';
import { badRequest } from './errors.js';

/** A place among siblings: before or after the sibling of `kind` with that id. */
export interface Position<K extends PositionKind = PositionKind> {
  side: Side;
  kind: K;
  id: string;
}

const shape = (kind: PositionKind) => `{"type": "${POSITION_KINDS[kind].type}", "${POSITION_KINDS[kind].key}": <id>}`;

/**
 * The `position` body field (already checked against the POSITION spec),
 * referring to one of the kinds of sibling a resource can be placed among;
 * undefined when absent or when it has neither `before` nor `after` (the
 * description: "by default, moved at the end"). With both, `before` places
 * it (the description gives no rule for both; docs/ says this one).
 */
export function readPosition<K extends PositionKind>(value: unknown, kinds: readonly K[]): Position<K> | undefined {
  if (value === undefined) return undefined;
  const p = value as Partial<Record<Side, Record<string, unknown>>>;
  const side = p.before !== undefined ? 'before' : p.after !== undefined ? 'after' : undefined;
  if (side === undefined) return undefined;
  const ref = p[side]!;
  const refId = (kind: K) => ref[POSITION_KINDS[kind].key];
  const kind = kinds.find((k) => ref.type === POSITION_KINDS[k].type && typeof refId(k) === 'string' && refId(k) !== '');
  if (kind === undefined) throw badRequest(`The field "position.${side}" must be ${kinds.map(shape).join(' or ')}.`);
  return { side, kind, id: refId(kind) as string };
}

const NONE: readonly never[] = Object.freeze([]);

export class SiblingOrder<N> {
  private readonly lists = new Map<string, N[]>();

  /** The children of a container, in order (empty when it has none). */
  children(key: string): readonly N[] {
    return this.lists.get(key) ?? NONE;
  }

  private list(key: string): N[] {
    let nodes = this.lists.get(key);
    if (!nodes) this.lists.set(key, (nodes = []));
    return nodes;
  }

  /** Makes an empty container (it is written to the state file even while empty). */
  open(key: string): void {
    this.list(key);
  }

  /** Removes a container; its children must have moved or gone. */
  drop(key: string): void {
    this.lists.delete(key);
  }

  /** Places `node` in a container: before or after `sibling` (which must be there), or at the end. */
  insert(key: string, node: N, at?: { side: Side; sibling: N }): void {
    const nodes = this.list(key);
    if (at === undefined) nodes.push(node);
    else nodes.splice(nodes.indexOf(at.sibling) + (at.side === 'after' ? 1 : 0), 0, node);
  }

  detach(key: string, node: N): void {
    const nodes = this.list(key);
    const i = nodes.indexOf(node);
    if (i >= 0) nodes.splice(i, 1);
  }

  /** Moves `node` from one container to another (or within one), before or after a sibling or at the end. */
  move(node: N, from: string, to: string, at?: { side: Side; sibling: N }): void {
    this.detach(from, node);
    this.insert(to, node, at);
  }

  /** Depth first from a container: `visit` sees each child and returns the key of a container to walk into, if any. */
  walk(key: string, visit: (node: N) => string | undefined): void {
    for (const node of this.lists.get(key) ?? NONE) {
      const inner = visit(node);
      if (inner !== undefined) this.walk(inner, visit);
    }
  }

  /** Container key → the entries naming its children. */
  toJSON(entry: (node: N) => string): Record<string, string[]> {
    return Object.fromEntries([...this.lists].map(([key, nodes]) => [key, nodes.map(entry)]));
  }

  /** The order under `field` of a family's state; throws when it is not an object or an entry names a record that does not exist. */
  static fromJSON<N>(data: Record<string, unknown>, field: string, resolve: (entry: string) => N | undefined): SiblingOrder<N> {
    const value = data[field];
    if (typeof value !== 'object' || value === null) throw new Error(`"${field}" must be an object`);
    const json = value as Record<string, string[]>;
    const order = new SiblingOrder<N>();
    for (const [key, entries] of Object.entries(json)) {
      if (!Array.isArray(entries)) throw new Error(`the order of ${key} is not a list`);
      order.lists.set(
        key,
        entries.map((e) => {
          const node = resolve(e);
          if (node === undefined) throw new Error(`the order of ${key} names ${e}, which does not exist`);
          return node;
        }),
      );
    }
    return order;
  }
}
