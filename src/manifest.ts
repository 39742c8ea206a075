// The command manifest, made at build time (bin/build.mjs runs this module):
// every group and command with its arguments, flags (with the enum values of
// the operation's field they fill) and the help text commander renders for
// it at 80 columns. Start-up prints help from it without loading commander or
// any group; shell completion is generated from it.
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { Command, Option } from 'commander';
import { App } from './app.js';
import type { Operation } from './api/operation.js';
import { OPERATIONS } from './api/operations/index.js';
import type { CommandDef, PathSpec } from './commands/define.js';
import { BOUNDS } from './files/read.js';
import { GROUPS } from './commands/index.js';
import { helpFileName } from './helpfile.js';
import { listOperation } from './commands/ids.js';
import { flagChoices, registerCommands } from './commands/runner.js';
import { refKind, type RefKind } from './commands/resolve.js';
import type { IO } from './context.js';
import { addGroup, buildProgram } from './main.js';
import { FORMATS } from './output/format.js';

export interface ManifestFlag {
  flags: string;
  long?: string;
  short?: string;
  description: string;
  /** Takes a value (`--title <title>`), as opposed to a switch (`--all`). */
  value: boolean;
  /** The values it accepts, when they are an enum. */
  choices?: string[];
  /** Its values are ids of this kind, which `docplat __ids <kind>` lists (for completion). */
  ids?: string;
  /** Given several times, it takes each value (`--space a --space b`); any other valued flag is given once. */
  repeated?: boolean;
  /** It names a page (id or path) or a member (id or e-mail), resolved to an id by the runner (commands/resolve.ts). */
  ref?: RefKind;
  /** The path param its value fills (every such value is checked as one path segment). */
  param?: string;
  /** Its value is a path docplat reads (commands/define.ts PathSpec). */
  path?: ManifestPath;
}

/** A path value: its kind, what it holds, and the bound (bytes) of the file a typed or naming path names. */
export type ManifestPath = PathSpec & { bound?: number };

function manifestPath(spec: PathSpec | undefined): { path: ManifestPath } | Record<string, never> {
  if (!spec) return {};
  return { path: 'use' in spec ? { ...spec, bound: BOUNDS[spec.use].bytes } : { ...spec } };
}

export interface ManifestCommand {
  name: string;
  aliases: string[];
  summary: string;
  /** `optional`: may be left out (`[name]`); `param`: the path param the argument fills; `path`: it is a path docplat reads. */
  args: { name: string; description?: string; variadic: boolean; optional?: boolean; choices?: string[]; ids?: string; ref?: RefKind; param?: string; path?: ManifestPath }[];
  flags: ManifestFlag[];
  help: string;
  /** The usage line as the help prints it, after `Usage: `: `docplat spaces delete <spaceId...> [flags]`. */
  usage: string;
  /** The declaration's help paragraphs, as written (the help wraps them at 80 columns). */
  details?: string;
  /** Typical invocations, each a whole `docplat ...` line, as the help lists them. */
  examples?: string[];
}

export interface ManifestGroup {
  name: string;
  summary: string;
  help: string;
  /** Its verbs; empty for a one-command group. */
  commands: ManifestCommand[];
  /** A one-command group (`docplat api <path>`): that command. */
  command?: ManifestCommand;
  /** Not shown in help or completion. */
  hidden?: boolean;
}

export interface Manifest {
  globalFlags: ManifestFlag[];
  help: string;
  groups: ManifestGroup[];
}

const OUTPUT_CHOICES = [...FORMATS];

/** The help exactly as `--help` prints it: commander's text with the help added before and after it. */
function helpOf(c: Command): string {
  let text = '';
  c.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  c.outputHelp();
  return text;
}

function flagOf(o: Option, choices?: readonly string[], idOf?: string, repeated?: boolean, ref?: RefKind): ManifestFlag {
  const ids = idOf && !choices && listOperation(idOf) ? idOf : undefined;
  return {
    flags: o.flags,
    long: o.long,
    short: o.short,
    description: o.description,
    value: o.required || o.optional,
    ...(choices ? { choices: [...choices] } : {}),
    ...(ids ? { ids } : {}),
    ...(repeated ? { repeated } : {}),
    ...(ref ? { ref } : {}),
  };
}

function manifestCommand(c: Command, def: CommandDef): ManifestCommand {
  const help = helpOf(c);
  // The examples' prefix is the group for a verb, the command itself for a one-command group (register.ts).
  const prefix = c.parent?.parent ? c.parent.name() : def.name;
  return {
    name: c.name(),
    aliases: c.aliases(),
    summary: c.description(),
    args: c.registeredArguments.map((a, i) => {
      const choices = def.args?.[i]?.choices;
      const kind = def.args?.[i]?.param ?? a.name();
      const ids = !choices && listOperation(kind) ? kind : undefined;
      const ref = def.run ? undefined : refKind(kind);
      const param = argParam(def, i);
      return { name: a.name(), ...(a.description ? { description: a.description } : {}), variadic: a.variadic, ...(a.required ? {} : { optional: true }), ...(choices ? { choices: [...choices] } : {}), ...(ids ? { ids } : {}), ...(ref ? { ref } : {}), ...(param ? { param } : {}), ...manifestPath(def.args?.[i]?.path) };
    }),
    flags: c.options.map((o) => {
      const f = def.flags?.[o.attributeName()];
      const flag = flagOf(o, flagChoices(def, o.attributeName()), f?.idOf ?? f?.param, /\.\.\.>/.test(f?.flags ?? ''), f && !def.run ? refKind(f.idOf ?? f.param) : undefined);
      // A flag whose file the runner reads has a bound: its path says which.
      if (f?.file && !f.path) throw new Error(`${c.name()} ${o.long}: a flag with \`file\` declares its \`path\` (its bound)`);
      return { ...flag, ...(f?.param ? { param: f.param } : {}), ...manifestPath(f?.path) };
    }),
    help,
    usage: /^Usage: (.*)$/m.exec(help)?.[1] ?? `docplat ${c.name()}`,
    ...(def.help ? { details: def.help } : {}),
    ...(def.examples?.length ? { examples: def.examples.map((e) => `docplat ${prefix} ${e}`) } : {}),
  };
}

/** The path param an argument fills: declared (`param`), or, for a declared command, its name when the operation's path has it. */
function argParam(def: CommandDef, i: number): string | undefined {
  const a = def.args?.[i];
  if (!a || a.query || a.body) return undefined;
  if (a.param) return a.param;
  const op: Operation | undefined = def.operation && !def.run ? OPERATIONS[def.operation] : undefined;
  return op && a.name in op.params ? a.name : undefined;
}

export async function buildManifest(): Promise<Manifest> {
  const sink = new PassThrough();
  const io: IO = { stdout: sink, stderr: sink, stdin: new PassThrough(), stdoutTTY: false, stderrTTY: false, stdinTTY: false, env: {} };
  const program = buildProgram(io);
  // The top-level help as `docplat --help` renders it live: every group unloaded.
  const root = buildProgram(io);
  const app = new App(io, new AbortController().signal);
  const groups: Manifest['groups'] = [];
  for (const group of GROUPS) {
    addGroup(root, group);
    const { COMMANDS } = await group.load();
    if (group.command) {
      registerCommands(program, app, COMMANDS);
      const command = manifestCommand(program.commands[program.commands.length - 1], COMMANDS[0] as CommandDef);
      groups.push({ name: group.name, summary: group.summary, help: command.help, commands: [], command, ...(group.hidden ? { hidden: true } : {}) });
      continue;
    }
    const cmd = addGroup(program, group);
    registerCommands(cmd, app, COMMANDS);
    const commands = cmd.commands.map((c: Command, i: number) => manifestCommand(c, COMMANDS[i] as CommandDef));
    groups.push({ name: group.name, summary: group.summary, help: helpOf(cmd), commands });
  }
  return {
    globalFlags: program.options.map((o) => flagOf(o, o.long === '--output' ? OUTPUT_CHOICES : undefined)),
    help: helpOf(root),
    groups,
  };
}

/** Writes dist/manifest.json and one help file per group, command and alias. */
export async function writeManifest(dist: string): Promise<Manifest> {
  const m = await buildManifest();
  writeFileSync(join(dist, 'manifest.json'), JSON.stringify(m, null, 1));
  const write = (words: string[], text: string) => {
    const file = join(dist, helpFileName(words));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  };
  write([], m.help);
  for (const g of m.groups) {
    write([g.name], g.help);
    for (const c of g.commands) for (const name of [c.name, ...c.aliases]) write([g.name, name], c.help);
  }
  return m;
}

export { writeCompletions } from './completion/scripts.js';
export { writeMan } from './man.js';
export { referencePages } from './reference.js';
