// Shell completion scripts, generated from the command manifest at build time
// (bin/build.mjs → completions/): groups, verbs and aliases, flags (global and
// per command) and the values of every flag or argument with a fixed set of
// values. Nothing here names a group: a group added to the registry appears
// in the scripts with the next build.
//
// bash and zsh share one set of POSIX functions (`_docplat_candidates` prints
// what may come next); fish gets its own declarative `complete` lines.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest, ManifestFlag } from '../manifest.js';
import { SCRIPT_FILES, SHELLS, type Shell } from './files.js';

const HEADER = '# docplat shell completion, generated from the command manifest by `npm run build`: do not edit.\n';

interface Cmd {
  /** `spaces.list`, or `api` for a one-command group. */
  key: string;
  group: string;
  verb?: string;
  aliases: string[];
  summary: string;
  flags: ManifestFlag[];
  args: { name: string; variadic: boolean; choices?: string[]; ids?: string }[];
}

/** The groups completion offers. */
const groupsOf = (m: Manifest) => m.groups.filter((g) => !g.hidden);

function commandsOf(m: Manifest): Cmd[] {
  const out: Cmd[] = [];
  for (const g of groupsOf(m)) {
    if (g.command) out.push({ key: g.name, group: g.name, aliases: [], summary: g.summary, flags: g.command.flags, args: g.command.args });
    for (const c of g.commands) out.push({ key: `${g.name}.${c.name}`, group: g.name, verb: c.name, aliases: c.aliases, summary: c.summary, flags: c.flags, args: c.args });
  }
  return out;
}

const namesOf = (f: ManifestFlag): string[] => [f.long, f.short].filter((n): n is string => !!n);
/** `--version` is the program's only: not offered after a group. */
const isVersion = (f: ManifestFlag): boolean => f.long === '--version';
/** A description on one line, for a completion menu. */
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();
/** A word in single quotes for sh. */
const sq = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;
const words = (list: string[]): string => list.map(sq).join(' ');
/** The sh command that prints these words, one a line (nothing for none). */
const print = (list: string[]): string => (list.length ? `printf '%s\\n' ${words(list)}` : ':');
/** The same for words with a description: `word<TAB>description` lines (bash offers the word, zsh shows both). */
const described = (pairs: [string, string][]): string => (pairs.length ? `printf '%s\\t%s\\n' ${pairs.map(([w, d]) => `${sq(w)} ${sq(oneLine(d))}`).join(' ')}` : ':');
const flagPairs = (flags: ManifestFlag[]): [string, string][] => flags.flatMap((f) => namesOf(f).map((n): [string, string] => [n, f.description]));

/**
 * The sh command that lists ids of a kind from the API (`id<TAB>title` lines):
 * the hidden `docplat __ids`, which prints nothing without a token, on failure,
 * or after 1 s, with the --sandbox, --org and --profile of the command line.
 */
const ids = (kind: string): string => `_docplat_ids ${sq(kind)}`;

/** The POSIX function that reads ids for completion (static: the tables below name the kinds). */
const POSIX_IDS = `# Ids of kind $1 from the API, with the --sandbox, --org and --profile typed (set by _docplat_candidates).
_docplat_ids() {
  [ -n "$_docplat_probe" ] && return 0
  set -- __ids "$1"
  [ -n "$_docplat_sandbox" ] && set -- --sandbox "$@"
  [ -n "$_docplat_org" ] && set -- --org "$_docplat_org" "$@"
  [ -n "$_docplat_profile" ] && set -- --profile "$_docplat_profile" "$@"
  docplat "$@" 2>/dev/null
}

`;

/** The POSIX function that completes the word at the cursor from the tables (static). */
const POSIX_CANDIDATES = `# What may come at the cursor: $1 is the word being typed, the others the words before it.
_docplat_candidates() {
  local cur key group flag verb w n _docplat_org= _docplat_profile= _docplat_sandbox= _docplat_probe=
  cur=$1
  shift
  key= group= flag= n=0
  for w in "$@"; do
    if [ -n "$flag" ]; then
      case $flag in
        --org) _docplat_org=$w ;;
        --profile) _docplat_profile=$w ;;
      esac
      flag=
      continue
    fi
    case $w in
      --org=*) _docplat_org=\${w#*=} ;;
      --profile=*) _docplat_profile=\${w#*=} ;;
      --sandbox) _docplat_sandbox=1 ;;
      --*=*) ;;
      # Whether the flag takes a value, without asking the API for the ids it takes.
      -*) if _docplat_probe=1 _docplat_value "$key" "$w" >/dev/null; then flag=$w; fi ;;
      *)
        if [ -z "$group" ]; then
          group=$w key=$w
        elif [ "$key" = "$group" ] && ! _docplat_single "$group" && verb=$(_docplat_verb "$group" "$w"); then
          key=$group.$verb
        else
          n=$((n + 1))
        fi
        ;;
    esac
  done
  if [ -n "$flag" ]; then
    _docplat_value "$key" "$flag"
    return 0
  fi
  case $cur in
    --*=*) _docplat_value "$key" "\${cur%%=*}" ;;
    -*) _docplat_flags "$key" ;;
    *)
      if [ -z "$group" ]; then
        _docplat_groups
      elif [ "$key" = "$group" ] && ! _docplat_single "$group"; then
        _docplat_verbs "$group"
      else
        _docplat_arg "$key" "$n"
      fi
      ;;
  esac
  return 0
}
`;

/** The POSIX functions bash and zsh share: the ids reader, the manifest's tables, the candidates. */
function posixFunctions(m: Manifest): string {
  return POSIX_IDS + posixTables(m) + POSIX_CANDIDATES;
}

/** The manifest as shell functions of `case` tables: groups, verbs, each command's flags, values and arguments. */
function posixTables(m: Manifest): string {
  const cmds = commandsOf(m);
  const globals: [string, string][] = [...flagPairs(m.globalFlags.filter((f) => !isVersion(f))), ['--help', 'show help'], ['-h', 'show help']];
  let s = '';
  s += `_docplat_groups() {\n  ${described(groupsOf(m).map((g) => [g.name, g.summary]))}\n}\n\n`;
  s += `# One-command groups (docplat api <path>) have no verbs.\n_docplat_single() {\n  case $1 in\n`;
  const single = groupsOf(m).filter((g) => g.command).map((g) => sq(g.name));
  s += single.length ? `    ${single.join('|')}) return 0 ;;\n` : '';
  s += `  esac\n  return 1\n}\n\n`;
  s += `_docplat_verbs() {\n  case $1 in\n`;
  for (const g of groupsOf(m)) if (g.commands.length) s += `    ${sq(g.name)}) ${described(g.commands.flatMap((c) => [c.name, ...c.aliases].map((n): [string, string] => [n, c.summary])))} ;;\n`;
  s += `  esac\n}\n\n`;
  s += `# The verb a word names (an alias gives its verb).\n_docplat_verb() {\n  case "$1 $2" in\n`;
  for (const g of groupsOf(m)) for (const c of g.commands) s += `    ${[c.name, ...c.aliases].map((n) => sq(`${g.name} ${n}`)).join('|')}) echo ${sq(c.name)} ;;\n`;
  s += `    *) return 1 ;;\n  esac\n}\n\n`;
  s += `_docplat_flags() {\n  case $1 in\n`;
  for (const c of cmds) s += `    ${sq(c.key)}) ${described(flagPairs(c.flags))} ;;\n`;
  const version = m.globalFlags.filter(isVersion);
  s += `  esac\n  ${described(globals)}\n  [ -z "$1" ] && ${described(flagPairs(version))}\n  return 0\n}\n\n`;
  s += `# Whether flag $2 of command $1 takes a value (status 0), and its values, if a fixed set.\n_docplat_value() {\n  case "$1 $2" in\n`;
  for (const f of m.globalFlags.filter((x) => x.value)) {
    s += `    ${namesOf(f).map((n) => `*${sq(` ${n}`)}`).join('|')}) ${f.choices ? print(f.choices) : ':'} ;;\n`;
  }
  for (const c of cmds) {
    for (const f of c.flags.filter((x) => x.value)) {
      s += `    ${namesOf(f).map((n) => sq(`${c.key} ${n}`)).join('|')}) ${f.choices ? print(f.choices) : f.ids ? ids(f.ids) : ':'} ;;\n`;
    }
  }
  s += `    *) return 1 ;;\n  esac\n}\n\n`;
  s += `# The values of argument $2 (0 the first) of command $1, if a fixed set.\n_docplat_arg() {\n  case "$1 $2" in\n`;
  for (const c of cmds) {
    c.args.forEach((a, i) => {
      const values = a.choices ? print(a.choices) : a.ids ? ids(a.ids) : undefined;
      // A variadic argument takes every position from its own on.
      if (values) s += `    ${sq(`${c.key} ${i}`)}${a.variadic ? `|${sq(`${c.key} `)}*` : ''}) ${values} ;;\n`;
    });
  }
  s += `  esac\n}\n\n`;
  return s;
}

function bashScript(m: Manifest): string {
  return `${HEADER}# bash: source it, or copy it to ~/.local/share/bash-completion/completions/docplat

${posixFunctions(m)}
_docplat() {
  local -a w=()
  local i t join= cur pre= IFS=$'\\n'
  # bash splits --output=json at "=" and select:multi at ":": put such words back together.
  for ((i = 1; i <= COMP_CWORD; i++)); do
    t=\${COMP_WORDS[i]}
    if [[ $t == [=:] || -n $join ]] && ((\${#w[@]})); then
      w[\${#w[@]}-1]+=$t
      [[ $t == [=:] ]] && join=1 || join=
    else
      w+=("$t")
    fi
  done
  cur=\${w[\${#w[@]}-1]}
  [[ $cur == --*=* ]] && cur=\${cur#*=}
  # bash replaces only what follows the last ":" of the word: offer the rest of each candidate.
  [[ $cur == *:* ]] && pre=\${cur%:*}:
  # Not compgen -W, which expands $(...) and globs in its words: ids come from the API.
  COMPREPLY=()
  while IFS= read -r t; do
    t=\${t%%$'\\t'*}   # word<TAB>description: bash offers the word
    [[ -n $t && $t == "$cur"* ]] && COMPREPLY+=("\${t#"$pre"}")
  done < <(_docplat_candidates "\${w[\${#w[@]}-1]}" "\${w[@]:0:\${#w[@]}-1}")
}

complete -o default -F _docplat docplat
`;
}

function zshScript(m: Manifest): string {
  return `#compdef docplat
${HEADER}# zsh: put it in a folder of $fpath as _docplat (then restart zsh), or source it after compinit.

${posixFunctions(m)}
_docplat() {
  local cur=\${words[CURRENT]}
  local -a cands
  cands=(\${(f)"$(_docplat_candidates "$cur" "\${(@)words[2,CURRENT-1]}")"})
  if [[ $cur == --*=* ]]; then
    compset -P '*='
  fi
  # word<TAB>description lines are shown with their description; the others as they are.
  local -a withdesc plain
  local c
  for c in $cands; do
    if [[ $c == *$'\\t'* ]]; then
      withdesc+=("\${\${c%%$'\\t'*}//:/\\\\:}:\${c#*$'\\t'}")
    else
      plain+=("$c")
    fi
  done
  (( \${#withdesc} )) && _describe -t docplat 'docplat' withdesc
  (( \${#plain} )) && compadd -- $plain
  return 0
}

if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _docplat "$@"
else
  compdef _docplat docplat
fi
`;
}

/** A word in single quotes for fish. */
const fq = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The fish functions the completions call (static), and completion of files off. */
const FISH_FUNCTIONS = `# The words typed so far that are not flags or flag values.
function __docplat_words
    set -l skip 0
    set -l tokens (commandline -opc)
    set -e tokens[1]
    for w in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        switch $w
            case '--*=*'
            case '-*'
                if contains -- $w $__docplat_value_flags
                    set skip 1
                end
            case '*'
                echo $w
        end
    end
end

# __docplat_at GROUP [VERB...]: the cursor is after this group and one of these verbs (any verb when none given).
function __docplat_at
    set -l w (__docplat_words)
    test (count $w) -ge 1; and test $w[1] = $argv[1]; or return 1
    test (count $argv) -eq 1; and return 0
    test (count $w) -ge 2; and contains -- $w[2] $argv[2..-1]
end

# __docplat_verb_next GROUP: the cursor is where the verb of GROUP goes.
function __docplat_verb_next
    set -l w (__docplat_words)
    test (count $w) -eq 1; and test $w[1] = $argv[1]
end

# __docplat_arg -eq|-ge N GROUP [VERB...]: the cursor is on argument N (0 the first), or on it or after it (-ge, a variadic argument).
function __docplat_arg
    set -l w (__docplat_words)
    set -l skip 2
    if test (count $argv) -gt 3
        set skip 3
    end
    __docplat_at $argv[3..-1]; and test (count $w) $argv[1] (math $argv[2] + $skip - 1)
end

# Ids of kind $argv[1] from the API (id<TAB>title lines), with the --sandbox, --org and --profile typed.
function __docplat_ids
    set -l globals
    set -l tokens (commandline -opc)
    for i in (seq (count $tokens))
        switch $tokens[$i]
            case --sandbox '--org=*' '--profile=*'
                set -a globals $tokens[$i]
            case --org --profile
                if test $i -lt (count $tokens)
                    set -a globals $tokens[$i] $tokens[(math $i + 1)]
                end
        end
    end
    docplat $globals __ids $argv[1] 2>/dev/null
end

complete -c docplat -f
`;

function fishScript(m: Manifest): string {
  const cmds = commandsOf(m);
  const valueFlags = [...new Set([...m.globalFlags, ...cmds.flatMap((c) => c.flags)].filter((f) => f.value).flatMap(namesOf))];
  let s = `${HEADER}# fish: copy it to ~/.config/fish/completions/docplat.fish

set -g __docplat_value_flags ${valueFlags.map(fq).join(' ')}

${FISH_FUNCTIONS}`;
  const flagLine = (cond: string, f: ManifestFlag) => {
    let line = `complete -c docplat${cond}`;
    if (f.long) line += ` -l ${f.long.slice(2)}`;
    if (f.short) line += ` -s ${f.short.slice(1)}`;
    if (f.value) line += f.choices ? ` -x -a ${fq(f.choices.join(' '))}` : f.ids ? ` -x -a ${fq(`(__docplat_ids ${f.ids})`)}` : ' -r';
    return `${line} -d ${fq(f.description.split('\n')[0])}\n`;
  };
  // --version only before a group: `docplat spaces --version` is no command.
  for (const f of m.globalFlags) s += flagLine(isVersion(f) ? " -n '__fish_use_subcommand'" : '', f);
  s += `complete -c docplat -s h -l help -d 'show help'\n`;
  for (const g of groupsOf(m)) s += `complete -c docplat -n '__fish_use_subcommand' -a ${fq(g.name)} -d ${fq(g.summary)}\n`;
  for (const g of groupsOf(m)) {
    for (const c of g.commands) {
      for (const name of [c.name, ...c.aliases]) s += `complete -c docplat -n ${fq(`__docplat_verb_next ${g.name}`)} -a ${fq(name)} -d ${fq(c.summary)}\n`;
    }
  }
  for (const c of cmds) {
    const at = [c.group, ...(c.verb ? [c.verb, ...c.aliases] : [])].join(' ');
    for (const f of c.flags) s += flagLine(` -n ${fq(`__docplat_at ${at}`)}`, f);
    c.args.forEach((a, i) => {
      const values = a.choices ? a.choices.join(' ') : a.ids ? `(__docplat_ids ${a.ids})` : undefined;
      const cond = `__docplat_arg ${a.variadic ? '-ge' : '-eq'} ${i} ${at}`;
      if (values) s += `complete -c docplat -n ${fq(cond)} -a ${fq(values)}\n`;
    });
  }
  return s;
}

export const SCRIPTS: Record<Shell, (m: Manifest) => string> = { bash: bashScript, zsh: zshScript, fish: fishScript };

/** Writes each shell's script into `dir` (completions/). */
export function writeCompletions(dir: string, m: Manifest): void {
  mkdirSync(dir, { recursive: true });
  for (const shell of SHELLS) writeFileSync(join(dir, SCRIPT_FILES[shell]), SCRIPTS[shell](m));
}
