// Builds the command tree, runs one command, and maps whatever it throws to a
// one-line message (or a JSON error object) and an exit code.
import { isatty } from 'node:tty';
import { Command, CommanderError, Help, Option } from 'commander';
import { App } from './app.js';
import { GROUPS, type Group } from './commands/index.js';
import type { CommandDef } from './commands/define.js';
import { inheritedFlags } from './helpfile.js';
import { argsUsage } from './commands/help/usage.js';
import { Terminal } from './output/terminal.js';
import type { IO } from './context.js';
import { DocplatError, EXIT, Interrupted, promptInterrupt, UsageError } from './errors.js';
import { helpArgv } from './helpfile.js';
import { ENVIRONMENT, EXIT_CODES, TOPICS, topicsHelp } from './commands/help/topics.js';
import { GLOBAL_FLAGS, VALUE_FLAGS } from './globals.js';
import { VERSION } from './version.js';
import { resetV8Flags } from './tasks/memory.js';

/** Global options that take a value: needed to find the group word in argv. */
const VALUE_OPTIONS = new Set<string>(Object.values(VALUE_FLAGS));

export function processIO(): IO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // Made when a command reads it: opening stdin's stream costs a few ms that most commands never use.
    get stdin() {
      return process.stdin;
    },
    stdoutTTY: !!process.stdout.isTTY,
    stderrTTY: !!process.stderr.isTTY,
    stdinTTY: isatty(0),
    env: process.env,
  };
}

/** The widest command term a group's help lines up its descriptions after (the widest of every group but change-requests' `request-review`, `replies react ...`). */
const TERM_COLUMN = 46;

export function buildProgram(io: IO): Command {
  const program = new Command('docplat')
    .description('Administer an organization on the documentation platform from the terminal.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .configureHelp({
      // Below the top level, global flags are one short "Inherited flags" paragraph (see inheritedFlags()).
      showGlobalOptions: false,
      sortSubcommands: false,
      // Long command names leave descriptions a narrow column: wrap them there rather than past 80 columns (commander's floor is 40).
      minWidthToWrap: 24,
      // A command whose arguments are wider than the column stands on a line of its own, its description below it in the column.
      longestSubcommandTermLength: (cmd, helper) =>
        Math.max(0, ...helper.visibleCommands(cmd).map((c) => helper.displayWidth(helper.subcommandTerm(c))).filter((width) => width <= TERM_COLUMN)),
      formatItem: (term, termWidth, description, helper) =>
        helper.displayWidth(term) <= termWidth || !description
          ? Help.prototype.formatItem.call(helper, term, termWidth, description, helper)
          : `  ${term}\n${Help.prototype.formatItem.call(helper, '', termWidth, description, helper)}`,
      // A group's list of commands: the name (and alias) and the arguments; the flags are in each command's help.
      subcommandTerm: (cmd) =>
        [[cmd.name(), ...cmd.aliases()].join('|'), ...argsUsage(cmd)].join(' '),
      // "Usage: docplat spaces list [options]", without the alias (list|ls) in the name.
      commandUsage: (cmd) => {
        const names: string[] = [];
        for (let c = cmd.parent; c; c = c.parent) names.unshift(c.name());
        return [...names, cmd.name(), cmd.usage()].join(' ');
      },
    })
    .addHelpText('after', () => rootHelpAfter());
  for (const f of GLOBAL_FLAGS) {
    const option = new Option(f.flags, f.description);
    if (option.attributeName() !== f.key) throw new Error(`global flag ${f.flags} must be declared as "${option.attributeName()}"`);
    program.addOption(option);
  }
  // Set before any subcommand exists: commander copies these settings to each
  // command it creates. Errors are printed by report(), not by commander.
  program.exitOverride();
  program.configureOutput({
    writeOut: (s) => io.stdout.write(s),
    writeErr: (s) => io.stderr.write(s),
    outputError: () => undefined,
    // From the IO, not the process: help is as wide as the command's own terminal, and plain.
    getOutHelpWidth: () => (io.stdoutTTY ? ((io.stdout as { columns?: number }).columns ?? 80) : 80),
    getErrHelpWidth: () => (io.stderrTTY ? ((io.stderr as { columns?: number }).columns ?? 80) : 80),
    getOutHasColors: () => false,
    getErrHasColors: () => false,
  });
  return program;
}

/** The end of the root help: the environment, the exit codes and the help topics, from their one declaration. */
function rootHelpAfter(): string {
  const env = ENVIRONMENT.map(([name]) => name).join(', ');
  const codes = EXIT_CODES.map(([code, short]) => `${code} ${short}`).join(', ');
  return `${new Help().boxWrap(`\nEnvironment: ${env}.\nExit codes: ${codes}.`, 80)}\n\n${topicsHelp()}`;
}

/** A group's command, with its help (the group's own commands are registered when it loads). */
export function addGroup(program: Command, group: Group): Command {
  return program.command(group.name, { hidden: group.hidden }).description(group.summary).addHelpText('after', () => inheritedFlags(program));
}

/** The first word of argv that is not an option or an option's value (from `from`), and where it is. */
function wordAt(argv: string[], from = 0): { word?: string; at: number } {
  for (let i = from; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') return { word: argv[i + 1], at: i + 1 };
    if (a.startsWith('-')) {
      if (VALUE_OPTIONS.has(a)) i++;
      continue;
    }
    return { word: a, at: i };
  }
  return { at: argv.length };
}

/** The first word of argv that is not an option or an option's value. */
export function groupWord(argv: string[]): string | undefined {
  return wordAt(argv).word;
}

/**
 * The commands of a group to register: only the verb typed when it names
 * one (commander needs no other to run it: registering the 20 verbs of a
 * group with their flags cost `spaces get` ~2.5 ms); all of them for help,
 * or when the word names none (commander's error and suggestion list them).
 */
export function typedCommands(argv: string[], defs: CommandDef[], help: boolean): CommandDef[] {
  if (help) return defs;
  const group = wordAt(argv);
  const verb = group.word === undefined ? undefined : wordAt(argv, group.at + 1).word;
  const typed = defs.filter((d) => d.name === verb || d.aliases?.includes(verb ?? ''));
  return typed.length === 1 ? typed : defs;
}

export async function main(args: string[], io: IO): Promise<number> {
  const argv = helpArgv(args);
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts++;
    if (interrupts > 1) process.exit(EXIT.interrupted);
    controller.abort(new Interrupted(`interrupted by ${signal}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // A reader that went away (`docplat spaces list | head`) is not an error: the
  // formatter stops writing (and listing); bulk work still finishes.
  const onPipeError = () => undefined;
  io.stdout.on('error', onPipeError);

  const app = new App(io, controller.signal);
  const program = buildProgram(io);
  const word = groupWord(argv);
  // The other groups are there for the help, and for commander's suggestion after a word that names none.
  const named = GROUPS.some((g) => g.name === word);
  const help = argv.includes('--help') || argv.includes('-h');
  for (const group of GROUPS) {
    if (group.name === word) {
      const [mod, { registerCommands }] = await Promise.all([group.load(), import('./commands/runner.js')]);
      // A one-command group (`api`) is that command, on the program itself.
      registerCommands(group.command ? program : addGroup(program, group), app, group.command ? mod.COMMANDS : typedCommands(argv, mod.COMMANDS, help));
    } else if (!named || help) {
      addGroup(program, group);
    }
  }

  let code: number = EXIT.ok;
  try {
    const topic = helpTopic(args);
    if (topic !== undefined) {
      io.stdout.write(topic);
      return EXIT.ok;
    }
    await program.parseAsync(unknownUnderHelp(program, argv, args[0] === 'help'), { from: 'user' });
  } catch (err) {
    code = report(err, io, app, argv, controller.signal);
  } finally {
    try {
      await app.context?.close();
    } catch (err) {
      if (code === EXIT.ok) code = report(err, io, app, argv, controller.signal);
    }
    io.stdout.off('error', onPipeError);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    // The code cache the entry makes next is made under V8's flags as the next command starts with them.
    resetV8Flags();
  }
  return code;
}

/** `docplat help <topic>`: the topic's text; undefined for anything else. */
function helpTopic(args: string[]): string | undefined {
  if (args[0] !== 'help' || args.length !== 2) return undefined;
  const topic = Object.hasOwn(TOPICS, args[1]) ? TOPICS[args[1]] : undefined;
  return topic ? `${topic.text()}\n` : undefined;
}

/**
 * `docplat installations --help`, `docplat help nosuch`, `docplat spaces nosuch
 * --help`: a word that names no group or verb is an error (exit 2), not the
 * help of the level above. Returns argv, or throws.
 */
function unknownUnderHelp(program: Command, argv: string[], viaHelp: boolean): string[] {
  const helpAt = argv.findIndex((a) => a === '--help' || a === '-h');
  if (helpAt < 0) return argv;
  const words: string[] = [];
  for (let i = 0; i < helpAt && words.length < 2; i++) {
    if (argv[i].startsWith('-')) {
      if (VALUE_OPTIONS.has(argv[i])) i++;
      continue;
    }
    words.push(argv[i]);
  }
  let cmd: Command | undefined = program;
  for (const word of words) {
    if (!cmd || cmd.commands.length === 0) break;
    const next: Command | undefined = cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next || (viaHelp && cmd === program && GROUPS.some((g) => g.name === word && g.hidden))) {
      const topics = Object.keys(TOPICS).join(', ');
      if (viaHelp) throw new UsageError(`unknown help topic "${words.join(' ')}": the topics are ${topics}; or a command (docplat help spaces list)`);
      // Commander's own message, with its suggestion: the same line as without --help.
      return argv.filter((a) => a !== '--help' && a !== '-h');
    }
    cmd = next;
  }
  return argv;
}

function wantsJson(argv: string[], app: App): boolean {
  if (app.context) return app.context.jsonErrors;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--json' || argv[i] === '--jsonl') return true;
    if (argv[i] === '--output' && /^jsonl?$/.test(argv[i + 1] ?? '')) return true;
    if (/^--output=jsonl?$/.test(argv[i])) return true;
  }
  return false;
}

function report(err: unknown, io: IO, app: App, argv: string[], signal: AbortSignal): number {
  err = promptInterrupt(err) ?? err;
  // The command's terminal writer (it clears a progress line first), or one of its own when the command never started.
  const terminal = app.context?.terminal ?? new Terminal(io.stderr, { tty: io.stderrTTY, quiet: false });
  let exitCode: number;
  let message: string;
  let details: Record<string, unknown> = {};
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return EXIT.ok;
    exitCode = EXIT.usage;
    message = err.message.replace(/^error:\s*/, '').replace(/\s*\n\s*/g, ' ').trim();
    if (err.code === 'commander.help' || err.code === 'commander.executeSubCommandAsync') message = 'a command is required (see --help)';
    details = { kind: 'usage' };
  } else if (err instanceof DocplatError) {
    exitCode = err.exitCode;
    message = err.message;
    details = err.toJSON();
  } else if (signal.aborted && signal.reason instanceof Interrupted) {
    exitCode = EXIT.interrupted;
    message = signal.reason.message;
    details = signal.reason.toJSON();
  } else {
    exitCode = EXIT.failure;
    message = `unexpected error: ${(err as Error)?.message ?? String(err)}`;
    if (app.context?.globals.debug && (err as Error)?.stack) terminal.line((err as Error).stack!.split('\n'));
  }
  message = message.split('\n')[0];
  // API messages are untrusted: no control character reaches the terminal, in JSON (as \u escapes) or not.
  if (wantsJson(argv, app)) terminal.json({ error: { ...details, message, exitCode } });
  else terminal.line(`error: ${message}`);
  return exitCode;
}
