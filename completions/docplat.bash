# docplat shell completion, generated from the command manifest by `npm run build`: do not edit.
# bash: source it, or copy it to ~/.local/share/bash-completion/completions/docplat

_docplat_groups() {
  printf '%s\n' 'auth' 'config' 'orgs' 'collections' 'spaces' 'sandbox' 'api' 'completion'
}

# One-command groups (docplat api <path>) have no verbs.
_docplat_single() {
  case $1 in
    'api'|'completion') return 0 ;;
  esac
  return 1
}

_docplat_verbs() {
  case $1 in
    'auth') printf '%s\n' 'login' 'logout' 'status' 'token' ;;
    'config') printf '%s\n' 'get' 'set' 'unset' 'list' 'ls' 'path' ;;
    'orgs') printf '%s\n' 'list' 'ls' 'ping' ;;
    'collections') printf '%s\n' 'list' 'ls' 'get' 'create' 'update' 'delete' 'rm' 'spaces' 'move' 'transfer' ;;
    'spaces') printf '%s\n' 'list' 'ls' 'create' 'get' 'update' 'lock' 'unlock' 'delete' 'rm' 'restore' 'duplicate' 'move' 'transfer' 'links' 'search' ;;
    'sandbox') printf '%s\n' 'serve' 'reset' ;;
  esac
}

# The verb a word names (an alias gives its verb).
_docplat_verb() {
  case "$1 $2" in
    'auth login') echo 'login' ;;
    'auth logout') echo 'logout' ;;
    'auth status') echo 'status' ;;
    'auth token') echo 'token' ;;
    'config get') echo 'get' ;;
    'config set') echo 'set' ;;
    'config unset') echo 'unset' ;;
    'config list'|'config ls') echo 'list' ;;
    'config path') echo 'path' ;;
    'orgs list'|'orgs ls') echo 'list' ;;
    'orgs ping') echo 'ping' ;;
    'collections list'|'collections ls') echo 'list' ;;
    'collections get') echo 'get' ;;
    'collections create') echo 'create' ;;
    'collections update') echo 'update' ;;
    'collections delete'|'collections rm') echo 'delete' ;;
    'collections spaces') echo 'spaces' ;;
    'collections move') echo 'move' ;;
    'collections transfer') echo 'transfer' ;;
    'spaces list'|'spaces ls') echo 'list' ;;
    'spaces create') echo 'create' ;;
    'spaces get') echo 'get' ;;
    'spaces update') echo 'update' ;;
    'spaces lock') echo 'lock' ;;
    'spaces unlock') echo 'unlock' ;;
    'spaces delete'|'spaces rm') echo 'delete' ;;
    'spaces restore') echo 'restore' ;;
    'spaces duplicate') echo 'duplicate' ;;
    'spaces move') echo 'move' ;;
    'spaces transfer') echo 'transfer' ;;
    'spaces links') echo 'links' ;;
    'spaces search') echo 'search' ;;
    'sandbox serve') echo 'serve' ;;
    'sandbox reset') echo 'reset' ;;
    *) return 1 ;;
  esac
}

_docplat_flags() {
  case $1 in
    'auth.login') printf '%s\n' '--with-token' ;;
    'auth.logout') : ;;
    'auth.status') : ;;
    'auth.token') : ;;
    'config.get') : ;;
    'config.set') : ;;
    'config.unset') : ;;
    'config.list') : ;;
    'config.path') : ;;
    'orgs.list') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'orgs.ping') printf '%s\n' '--dry-run' ;;
    'collections.list') printf '%s\n' '--no-nested' '--limit' '--all' '--cursor' '--dry-run' ;;
    'collections.get') printf '%s\n' '--dry-run' ;;
    'collections.create') printf '%s\n' '--title' '--parent' '--dry-run' ;;
    'collections.update') printf '%s\n' '--title' '--description' '--default-level' '--dry-run' ;;
    'collections.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'collections.spaces') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'collections.move') printf '%s\n' '--parent' '--root' '--before' '--after' '--dry-run' ;;
    'collections.transfer') printf '%s\n' '--to-org' '--dry-run' ;;
    'spaces.list') printf '%s\n' '--collection' '--member' '--limit' '--all' '--cursor' '--dry-run' ;;
    'spaces.create') printf '%s\n' '--title' '--emoji' '--collection' '--dry-run' ;;
    'spaces.get') printf '%s\n' '--share-key' '--dry-run' ;;
    'spaces.update') printf '%s\n' '--title' '--emoji' '--default-level' '--edit-mode' '--dry-run' ;;
    'spaces.lock') printf '%s\n' '--concurrency' '--dry-run' ;;
    'spaces.unlock') printf '%s\n' '--concurrency' '--dry-run' ;;
    'spaces.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'spaces.restore') printf '%s\n' '--concurrency' '--dry-run' ;;
    'spaces.duplicate') printf '%s\n' '--dry-run' ;;
    'spaces.move') printf '%s\n' '--parent' '--root' '--before' '--after' '--dry-run' ;;
    'spaces.transfer') printf '%s\n' '--to-org' '--concurrency' '--dry-run' ;;
    'spaces.links') printf '%s\n' '--status' '--limit' '--all' '--cursor' '--dry-run' ;;
    'spaces.search') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'sandbox.serve') printf '%s\n' '--port' '--host' '--data' '--seed' '--spaces' '--faults' ;;
    'sandbox.reset') printf '%s\n' '--seed' ;;
    'api') printf '%s\n' '--method' '-X' '--raw-field' '-f' '--field' '-F' '--input' '--header' '-H' '--paginate' '--include' '-i' '--dry-run' ;;
    'completion') : ;;
  esac
  printf '%s\n' '--version' '-V' '--org' '--token' '--api-url' '--profile' '--sandbox' '--json' '--jsonl' '--output' '--fields' '--jq' '--no-color' '--debug' '--yes' '-y' '--quiet' '-q' '--timeout' '--retries' '--insecure-http' '--no-input' '--help' '-h'
}

# Whether flag $2 of command $1 takes a value (status 0), and its values, if a fixed set.
_docplat_value() {
  case "$1 $2" in
    *' --org') : ;;
    *' --token') : ;;
    *' --api-url') : ;;
    *' --profile') : ;;
    *' --output') printf '%s\n' 'table' 'tsv' 'csv' 'json' 'jsonl' ;;
    *' --fields') : ;;
    *' --jq') : ;;
    *' --timeout') : ;;
    *' --retries') : ;;
    'orgs.list --limit') : ;;
    'orgs.list --cursor') : ;;
    'collections.list --limit') : ;;
    'collections.list --cursor') : ;;
    'collections.create --title') : ;;
    'collections.create --parent') docplat __ids 'collection' 2>/dev/null ;;
    'collections.update --title') : ;;
    'collections.update --description') : ;;
    'collections.update --default-level') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'none' ;;
    'collections.delete --concurrency') : ;;
    'collections.spaces --limit') : ;;
    'collections.spaces --cursor') : ;;
    'collections.move --parent') : ;;
    'collections.move --before') : ;;
    'collections.move --after') : ;;
    'collections.transfer --to-org') : ;;
    'spaces.list --collection') docplat __ids 'collectionId' 2>/dev/null ;;
    'spaces.list --member') docplat __ids 'member' 2>/dev/null ;;
    'spaces.list --limit') : ;;
    'spaces.list --cursor') : ;;
    'spaces.create --title') : ;;
    'spaces.create --emoji') : ;;
    'spaces.create --collection') docplat __ids 'collection' 2>/dev/null ;;
    'spaces.get --share-key') : ;;
    'spaces.update --title') : ;;
    'spaces.update --emoji') : ;;
    'spaces.update --default-level') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'none' ;;
    'spaces.update --edit-mode') printf '%s\n' 'live' 'locked' ;;
    'spaces.lock --concurrency') : ;;
    'spaces.unlock --concurrency') : ;;
    'spaces.delete --concurrency') : ;;
    'spaces.restore --concurrency') : ;;
    'spaces.move --parent') : ;;
    'spaces.move --before') : ;;
    'spaces.move --after') : ;;
    'spaces.transfer --to-org') : ;;
    'spaces.transfer --concurrency') : ;;
    'spaces.links --status') printf '%s\n' 'ok' 'broken' 'in-app' ;;
    'spaces.links --limit') : ;;
    'spaces.links --cursor') : ;;
    'spaces.search --limit') : ;;
    'spaces.search --cursor') : ;;
    'sandbox.serve --port') : ;;
    'sandbox.serve --host') : ;;
    'sandbox.serve --data') : ;;
    'sandbox.serve --seed') : ;;
    'sandbox.serve --spaces') : ;;
    'sandbox.serve --faults') : ;;
    'sandbox.reset --seed') : ;;
    'api --method'|'api -X') printf '%s\n' 'GET' 'HEAD' 'POST' 'PUT' 'PATCH' 'DELETE' ;;
    'api --raw-field'|'api -f') : ;;
    'api --field'|'api -F') : ;;
    'api --input') : ;;
    'api --header'|'api -H') : ;;
    *) return 1 ;;
  esac
}

# The values of argument $2 (0 the first) of command $1, if a fixed set.
_docplat_arg() {
  case "$1 $2" in
    'collections.get 0') docplat __ids 'collectionId' 2>/dev/null ;;
    'collections.update 0') docplat __ids 'collectionId' 2>/dev/null ;;
    'collections.delete 0'|'collections.delete '*) docplat __ids 'collectionId' 2>/dev/null ;;
    'collections.spaces 0') docplat __ids 'collectionId' 2>/dev/null ;;
    'collections.move 0') docplat __ids 'collectionId' 2>/dev/null ;;
    'collections.transfer 0') docplat __ids 'collectionId' 2>/dev/null ;;
    'spaces.get 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.update 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.lock 0'|'spaces.lock '*) docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.unlock 0'|'spaces.unlock '*) docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.delete 0'|'spaces.delete '*) docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.restore 0'|'spaces.restore '*) docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.duplicate 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.move 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.transfer 0'|'spaces.transfer '*) docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.links 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'spaces.search 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'completion 0') printf '%s\n' 'bash' 'zsh' 'fish' ;;
  esac
}

# What may come at the cursor: $1 is the word being typed, the others the words before it.
_docplat_candidates() {
  local cur key group flag verb w n
  cur=$1
  shift
  key= group= flag= n=0
  for w in "$@"; do
    if [ -n "$flag" ]; then
      flag=
      continue
    fi
    case $w in
      --*=*) ;;
      -*) if _docplat_value "$key" "$w" >/dev/null; then flag=$w; fi ;;
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
    --*=*) _docplat_value "$key" "${cur%%=*}" ;;
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

_docplat() {
  local -a w=()
  local i t join= cur IFS=$'\n'
  # bash splits --output=json at "=": put such words back together.
  for ((i = 1; i <= COMP_CWORD; i++)); do
    t=${COMP_WORDS[i]}
    if [[ $t == = || -n $join ]] && ((${#w[@]})); then
      w[${#w[@]}-1]+=$t
      [[ $t == = ]] && join=1 || join=
    else
      w+=("$t")
    fi
  done
  cur=${w[${#w[@]}-1]}
  [[ $cur == --*=* ]] && cur=${cur#*=}
  COMPREPLY=($(compgen -W "$(_docplat_candidates "${w[${#w[@]}-1]}" "${w[@]:0:${#w[@]}-1}")" -- "$cur"))
}

complete -o default -F _docplat docplat
