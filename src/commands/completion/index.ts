// docplat completion bash|zsh|fish: prints the script generated at build time
// from the command manifest (src/completion/scripts.ts), as kept in completions/;
// with --install, writes it where that shell reads it (src/completion/install.ts).
import { readScript, SHELLS, type Shell } from '../../completion/files.js';
import { UsageError } from '../../errors.js';
import { defineCommand, type CommandDef } from '../define.js';

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'completion',
    summary: 'print the shell completion script: bash, zsh or fish',
    args: [{ name: 'shell', description: 'bash, zsh or fish', choices: SHELLS }],
    flags: {
      install: { flags: '--install', description: 'write the script where this shell reads it (creating the folder), and print the line your shell\'s rc file needs, if any' },
    },
    help: [
      '--install writes the script for your user only (no root needed):',
      '  bash: ~/.local/share/bash-completion/completions/docplat',
      '  zsh:  ~/.local/share/zsh/site-functions/_docplat',
      '  fish: ~/.config/fish/completions/docplat.fish',
      '',
      'bash reads it through the bash-completion package (else source it from ~/.bashrc); zsh once that folder is in fpath, before compinit: the command prints the lines to add. XDG_DATA_HOME and XDG_CONFIG_HOME move the files, as they move the shells\' own.',
    ].join('\n'),
    examples: ['bash --install', 'zsh --install', 'fish > ~/.config/fish/completions/docplat.fish'],
    async run(ctx, { args, opts }) {
      // A shell script, or a message of where it was written: no data for --json or --output.
      if (ctx.output.dataAsked) throw new UsageError('completion prints a shell script: it cannot be used with --json, --jsonl, --output, --fields or --jq');
      const shell = args[0] as Shell;
      if (!SHELLS.includes(shell)) throw new UsageError(`shell must be one of ${SHELLS.join(', ')} (got "${args[0]}")`);
      const script = readScript(shell);
      if (!opts.install) return ctx.output.text(script);
      const { installScript } = await import('../../completion/install.js');
      const { path, notes } = await installScript(shell, script, ctx.io.env);
      await ctx.output.text(`wrote the ${shell} completion script to ${path}\n${notes.join('\n')}\n`);
    },
  }),
];
