// Commander's side of the help: arguments as usage shows them. Apart from
// helpfile.ts, which the entry point loads without commander (--version and
// the prebuilt --help never load it).
import { Argument, type Command } from 'commander';

/**
 * An argument the runner asks for when it is missing, on a terminal, or
 * refuses (commands/missing.ts): optional to commander, which would refuse it
 * first, and required in the usage (`<spaceId>`).
 */
export class AskedArgument extends Argument {
  constructor(name: string, description?: string) {
    super(`[${name}]`, description);
  }
}

/** A command's arguments as usage shows them: `<spaceId>`, `<ids...>`, `[name]`. */
export function argsUsage(cmd: Command): string[] {
  return cmd.registeredArguments.map((a) => {
    const name = `${a.name()}${a.variadic ? '...' : ''}`;
    return a.required || a instanceof AskedArgument ? `<${name}>` : `[${name}]`;
  });
}
