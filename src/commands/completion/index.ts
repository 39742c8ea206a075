// docplat completion bash|zsh|fish: prints the script generated at build time
// from the command manifest (src/completion/scripts.ts), as kept in completions/.
import { readScript, SHELLS, type Shell } from '../../completion/files.js';
import { UsageError } from '../../errors.js';
import { defineCommand, type CommandDef } from '../define.js';

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'completion',
    summary: 'print the shell completion script: bash, zsh or fish',
    args: [{ name: 'shell', description: 'bash, zsh or fish', choices: SHELLS }],
    help: [
      'Install:',
      '  bash: docplat completion bash > ~/.local/share/bash-completion/completions/docplat',
      '  zsh:  docplat completion zsh > "${fpath[1]}/_docplat"   (then restart zsh)',
      '  fish: docplat completion fish > ~/.config/fish/completions/docplat.fish',
    ].join('\n'),
    examples: ['bash > ~/.local/share/bash-completion/completions/docplat', 'zsh > "${fpath[1]}/_docplat"', 'fish > ~/.config/fish/completions/docplat.fish'],
    async run(ctx, { args }) {
      const shell = args[0] as Shell;
      if (!SHELLS.includes(shell)) throw new UsageError(`shell must be one of ${SHELLS.join(', ')} (got "${args[0]}")`);
      await ctx.output.text(readScript(shell));
    },
  }),
];
