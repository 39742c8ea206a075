// How the runner names what was given in its messages: the flag (its long
// name) or the argument, and the kind of id it holds ("--parent collection
// id", "space id"). Names only: requests are built in requests.ts, ids checked
// in segments.ts, titles read in titles.ts.
import { Option } from 'commander';
import type { Operation } from '../api/operation.js';
import type { Arg, Flag } from './define.js';

export const longName = (f: Flag): string => new Option(f.flags.replace('...>', '>')).long ?? f.flags;
export const nounOf = (param: string): string => param.replace(/Id$/, '').replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`) + ' id';
/**
 * How an id given to `label` reads: `--to-org` of an organization is
 * "--to-org organization id", `--collection` "--collection id", the
 * argument "space id" itself.
 */
export function idName(label: string, idOf = ''): string {
  const noun = idOf.replace(/ id$/, '');
  if (!noun || label === `--${noun.replace(/ /g, '-')}` || label.endsWith(' id')) return label.endsWith(' id') ? label : `${label} id`;
  return `${label} ${noun} id`;
}

/** `spaceId` → "space id". */
export const idLabel = (name: string): string => (/Id$/.test(name) ? nounOf(name) : name);

export function paramOf(a: Arg, op: Operation): string {
  const param = a.param ?? a.name;
  if (!(param in op.params)) throw new Error(`${op.id}: argument ${a.name} fills no path param`);
  return param;
}

export function describeTarget(argDefs: Arg[], args: string[]): string {
  const last = argDefs.length - 1;
  return last >= 0 ? `${idLabel(argDefs[last].name).replace(/ id$/, '')} ${args[last]}` : 'it';
}
