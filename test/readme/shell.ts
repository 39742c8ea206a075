// Just enough of a shell to run the README's example lines: words in single
// or double quotes, `$VAR`, `~`, `VAR=value` prefixes, `<` and `>`
// redirections, pipes, `&&` lists and `#` comments. docplat runs in this
// process (main() with collected streams, as test/helpers.ts does); any other
// program of a pipe (`sed`, `head`, `echo`) runs through bash with its text
// as written.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { runInProcess, type Run } from '../helpers.js';

export interface ShellEnv {
  /** Folder the relative paths of the line are in. */
  cwd: string;
  /** Environment of every program (HOME included). */
  env: NodeJS.ProcessEnv;
}

interface Stage {
  text: string;
  assign: Record<string, string>;
  words: string[];
  stdin?: string;
  stdout?: string;
}

const OPERATORS = ['&&', '|', '<', '>'];

/** Splits a line into words and operators; quotes removed, variables and `~` expanded. */
function tokenize(line: string, vars: NodeJS.ProcessEnv): { token: string; op: boolean; start: number }[] {
  const tokens: { token: string; op: boolean; start: number }[] = [];
  let i = 0;
  const variable = (): string => {
    const m = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/.exec(line.slice(i));
    if (!m) {
      i++;
      return '$';
    }
    i += m[0].length;
    return vars[m[1] ?? m[2]] ?? '';
  };
  while (i < line.length) {
    if (/\s/.test(line[i])) {
      i++;
      continue;
    }
    if (line[i] === '#') break;
    const op = OPERATORS.find((o) => line.startsWith(o, i));
    if (op) {
      tokens.push({ token: op, op: true, start: i });
      i += op.length;
      continue;
    }
    const start = i;
    let word = '';
    if (line[i] === '~' && (line[i + 1] === '/' || line[i + 1] === undefined || /\s/.test(line[i + 1]))) {
      word += vars.HOME ?? '~';
      i++;
    }
    while (i < line.length && !/\s/.test(line[i]) && !OPERATORS.some((o) => line.startsWith(o, i))) {
      const c = line[i];
      if (c === "'") {
        const end = line.indexOf("'", i + 1);
        if (end < 0) throw new Error(`unterminated ' in: ${line}`);
        word += line.slice(i + 1, end);
        i = end + 1;
      } else if (c === '"') {
        i++;
        while (i < line.length && line[i] !== '"') {
          if (line[i] === '\\' && /["\\$`]/.test(line[i + 1] ?? '')) {
            word += line[i + 1];
            i += 2;
          } else if (line[i] === '$') word += variable();
          else word += line[i++];
        }
        if (line[i] !== '"') throw new Error(`unterminated " in: ${line}`);
        i++;
      } else if (c === '\\') {
        word += line[i + 1] ?? '';
        i += 2;
      } else if (c === '$') word += variable();
      else {
        word += c;
        i++;
      }
    }
    tokens.push({ token: word, op: false, start });
  }
  return tokens;
}

/** The `&&` list of pipes of a line. */
export function parseLine(line: string, vars: NodeJS.ProcessEnv): Stage[][] {
  const tokens = tokenize(line, vars);
  const lists: Stage[][] = [[]];
  let stage: Stage | undefined;
  let from = 0;
  const end = (at: number) => {
    if (!stage) throw new Error(`empty command in: ${line}`);
    stage.text = line.slice(from, at).replace(/\s#.*$/, '').trim();
    lists[lists.length - 1].push(stage);
    stage = undefined;
  };
  for (let k = 0; k < tokens.length; k++) {
    const { token, op, start } = tokens[k];
    if (op && (token === '|' || token === '&&')) {
      end(start);
      if (token === '&&') lists.push([]);
      from = start + token.length;
      continue;
    }
    stage ??= { text: '', assign: {}, words: [] };
    if (op) {
      const target = tokens[++k];
      if (!target || target.op) throw new Error(`${token} without a file in: ${line}`);
      if (token === '<') stage.stdin = target.token;
      else stage.stdout = target.token;
      continue;
    }
    const assign = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s.exec(token);
    if (assign && stage.words.length === 0) stage.assign[assign[1]] = assign[2];
    else stage.words.push(token);
  }
  const hash = /(^|\s)#/.exec(line);
  end(hash ? hash.index : line.length);
  return lists;
}

function docplatArgs(words: string[]): string[] | undefined {
  if (words[0] === 'docplat') return words.slice(1);
  if (words[0] === 'node' && words[1] === 'bin/docplat.js') return words.slice(2);
  return undefined;
}

/**
 * Runs one README line: its `&&` list, each pipe stage by stage (a stage's
 * stdout is the next one's stdin). The result is the last stage's exit code,
 * the last stage's stdout and every stage's stderr.
 */
export async function runLine(line: string, sh: ShellEnv): Promise<Run> {
  let result: Run = { code: 0, stdout: '', stderr: '' };
  for (const pipe of parseLine(line, sh.env)) {
    let input = '';
    let stderr = '';
    for (const stage of pipe) {
      const env = { ...sh.env, ...stage.assign };
      const file = (name: string) => (isAbsolute(name) ? name : join(sh.cwd, name));
      if (stage.stdin !== undefined) input = readFileSync(file(stage.stdin), 'utf8');
      const args = docplatArgs(stage.words);
      let run: Run;
      if (args) {
        run = await runInProcess(args, { env, input });
      } else {
        // npm's own commands (`npm ci`, `npm link`) are the package test's (test/package/install.e2e.test.ts), not run here.
        if (stage.words[0] === 'npm') continue;
        const text = stage.text.replace(/\s*<\s*\S+$/, '').replace(/\s*>\s*\S+$/, '');
        const child = spawnSync('bash', ['-c', text], { cwd: sh.cwd, env, input, encoding: 'utf8' });
        run = { code: child.status, stdout: child.stdout, stderr: child.stderr };
      }
      stderr += run.stderr;
      if (stage.stdout !== undefined) {
        try {
          writeFileSync(file(stage.stdout), run.stdout);
          run = { ...run, stdout: '' };
        } catch (err) {
          // As a shell: the redirection fails the command (a folder that does not exist).
          run = { code: 1, stdout: '', stderr: `${run.stderr}bash: ${stage.stdout}: ${(err as Error).message}\n` };
        }
      }
      input = run.stdout;
      result = { ...run, stderr };
    }
    if (result.code !== 0) break;
  }
  return result;
}
