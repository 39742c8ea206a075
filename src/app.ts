// Glue between commander and the commands: a handler receives a Context built
// from the parsed options, and never touches process globals.
import type { Command } from 'commander';
import type { Context, GlobalOptions, IO } from './context.js';

export type Handler = (ctx: Context, args: unknown[], opts: Record<string, unknown>, cmd: Command) => Promise<void>;

export class App {
  context?: Context;

  constructor(
    readonly io: IO,
    readonly signal: AbortSignal,
  ) {}

  /** Wraps a handler for `command.action(...)`. */
  handler(fn: Handler): (...args: unknown[]) => Promise<void> {
    return async (...args: unknown[]) => {
      const cmd = args[args.length - 1] as Command;
      // Loaded here, not at start-up: --help and --version never need them.
      const [{ Context }, { commandTools }] = await Promise.all([import('./context.js'), import('./commands/tools.js')]);
      // --web is a render mode of the command's output: the item it shows is opened instead (output/format.ts).
      const ctx = (this.context ??= new Context(this.io, cmd.optsWithGlobals() as GlobalOptions, this.signal, commandTools, { web: cmd.opts().web === true }));
      await ctx.output.checkJq();
      await fn(ctx, cmd.processedArgs, cmd.opts(), cmd);
    };
  }
}
