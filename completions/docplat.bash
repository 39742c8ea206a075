# docplat shell completion, generated from the command manifest by `npm run build`: do not edit.
# bash: source it, or copy it to ~/.local/share/bash-completion/completions/docplat

_docplat_groups() {
  printf '%s\n' 'auth' 'config' 'orgs' 'collections' 'sites' 'sections' 'section-groups' 'site-spaces' 'share-links' 'spaces' 'content' 'pages' 'files' 'members' 'teams' 'sso' 'custom-fields' 'translations' 'openapi' 'integrations' 'comments' 'replies' 'sandbox' 'api' 'completion'
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
    'auth') printf '%s\n' 'login' 'logout' 'status' 'switch' 'token' ;;
    'config') printf '%s\n' 'get' 'set' 'unset' 'list' 'ls' 'path' ;;
    'orgs') printf '%s\n' 'list' 'ls' 'ping' ;;
    'collections') printf '%s\n' 'list' 'ls' 'get' 'create' 'update' 'delete' 'rm' 'spaces' 'move' 'transfer' ;;
    'sites') printf '%s\n' 'list' 'ls' 'create' 'get' 'update' 'delete' 'rm' 'published' 'adaptive-schema' 'set-adaptive-schema' 'tree' ;;
    'sections') printf '%s\n' 'list' 'ls' 'create' 'update' 'delete' 'rm' 'move' ;;
    'section-groups') printf '%s\n' 'list' 'ls' 'create' 'update' 'delete' 'rm' 'add-section' 'remove-section' 'move' ;;
    'site-spaces') printf '%s\n' 'list' 'ls' 'add' 'update' 'remove' 'rm' 'move' ;;
    'share-links') printf '%s\n' 'list' 'ls' 'create' 'update' 'delete' 'rm' ;;
    'spaces') printf '%s\n' 'list' 'ls' 'create' 'get' 'update' 'lock' 'unlock' 'delete' 'rm' 'restore' 'duplicate' 'move' 'transfer' 'links' 'search' ;;
    'content') printf '%s\n' 'get' 'import' 'export' ;;
    'pages') printf '%s\n' 'list' 'ls' 'get' 'links' ;;
    'files') printf '%s\n' 'list' 'ls' 'get' 'backlinks' 'download' ;;
    'members') printf '%s\n' 'list' 'ls' 'get' 'update' 'remove' 'rm' 'set-sso' 'spaces' 'teams' ;;
    'teams') printf '%s\n' 'list' 'ls' 'create' 'get' 'rename' 'delete' 'rm' 'members' 'add' 'remove' 'set-role' ;;
    'sso') printf '%s\n' 'list' 'ls' 'get' 'create' 'update' 'delete' 'rm' 'login-options' ;;
    'custom-fields') printf '%s\n' 'list' 'ls' 'get' 'create' 'update' 'delete' 'rm' 'values' 'set' ;;
    'translations') printf '%s\n' 'list' 'ls' 'create' 'get' 'update' 'delete' 'rm' ;;
    'openapi') printf '%s\n' 'list' 'ls' 'get' 'create' 'publish' 'delete' 'rm' 'versions' 'version' 'content' ;;
    'integrations') printf '%s\n' 'list' 'ls' 'get' 'publish' 'unpublish' 'installations' ;;
    'comments') printf '%s\n' 'list' 'ls' 'get' 'create' 'update' 'resolve' 'reopen' 'react' 'delete' 'rm' ;;
    'replies') printf '%s\n' 'list' 'ls' 'get' 'create' 'update' 'react' ;;
    'sandbox') printf '%s\n' 'serve' 'reset' ;;
  esac
}

# The verb a word names (an alias gives its verb).
_docplat_verb() {
  case "$1 $2" in
    'auth login') echo 'login' ;;
    'auth logout') echo 'logout' ;;
    'auth status') echo 'status' ;;
    'auth switch') echo 'switch' ;;
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
    'sites list'|'sites ls') echo 'list' ;;
    'sites create') echo 'create' ;;
    'sites get') echo 'get' ;;
    'sites update') echo 'update' ;;
    'sites delete'|'sites rm') echo 'delete' ;;
    'sites published') echo 'published' ;;
    'sites adaptive-schema') echo 'adaptive-schema' ;;
    'sites set-adaptive-schema') echo 'set-adaptive-schema' ;;
    'sites tree') echo 'tree' ;;
    'sections list'|'sections ls') echo 'list' ;;
    'sections create') echo 'create' ;;
    'sections update') echo 'update' ;;
    'sections delete'|'sections rm') echo 'delete' ;;
    'sections move') echo 'move' ;;
    'section-groups list'|'section-groups ls') echo 'list' ;;
    'section-groups create') echo 'create' ;;
    'section-groups update') echo 'update' ;;
    'section-groups delete'|'section-groups rm') echo 'delete' ;;
    'section-groups add-section') echo 'add-section' ;;
    'section-groups remove-section') echo 'remove-section' ;;
    'section-groups move') echo 'move' ;;
    'site-spaces list'|'site-spaces ls') echo 'list' ;;
    'site-spaces add') echo 'add' ;;
    'site-spaces update') echo 'update' ;;
    'site-spaces remove'|'site-spaces rm') echo 'remove' ;;
    'site-spaces move') echo 'move' ;;
    'share-links list'|'share-links ls') echo 'list' ;;
    'share-links create') echo 'create' ;;
    'share-links update') echo 'update' ;;
    'share-links delete'|'share-links rm') echo 'delete' ;;
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
    'content get') echo 'get' ;;
    'content import') echo 'import' ;;
    'content export') echo 'export' ;;
    'pages list'|'pages ls') echo 'list' ;;
    'pages get') echo 'get' ;;
    'pages links') echo 'links' ;;
    'files list'|'files ls') echo 'list' ;;
    'files get') echo 'get' ;;
    'files backlinks') echo 'backlinks' ;;
    'files download') echo 'download' ;;
    'members list'|'members ls') echo 'list' ;;
    'members get') echo 'get' ;;
    'members update') echo 'update' ;;
    'members remove'|'members rm') echo 'remove' ;;
    'members set-sso') echo 'set-sso' ;;
    'members spaces') echo 'spaces' ;;
    'members teams') echo 'teams' ;;
    'teams list'|'teams ls') echo 'list' ;;
    'teams create') echo 'create' ;;
    'teams get') echo 'get' ;;
    'teams rename') echo 'rename' ;;
    'teams delete'|'teams rm') echo 'delete' ;;
    'teams members') echo 'members' ;;
    'teams add') echo 'add' ;;
    'teams remove') echo 'remove' ;;
    'teams set-role') echo 'set-role' ;;
    'sso list'|'sso ls') echo 'list' ;;
    'sso get') echo 'get' ;;
    'sso create') echo 'create' ;;
    'sso update') echo 'update' ;;
    'sso delete'|'sso rm') echo 'delete' ;;
    'sso login-options') echo 'login-options' ;;
    'custom-fields list'|'custom-fields ls') echo 'list' ;;
    'custom-fields get') echo 'get' ;;
    'custom-fields create') echo 'create' ;;
    'custom-fields update') echo 'update' ;;
    'custom-fields delete'|'custom-fields rm') echo 'delete' ;;
    'custom-fields values') echo 'values' ;;
    'custom-fields set') echo 'set' ;;
    'translations list'|'translations ls') echo 'list' ;;
    'translations create') echo 'create' ;;
    'translations get') echo 'get' ;;
    'translations update') echo 'update' ;;
    'translations delete'|'translations rm') echo 'delete' ;;
    'openapi list'|'openapi ls') echo 'list' ;;
    'openapi get') echo 'get' ;;
    'openapi create') echo 'create' ;;
    'openapi publish') echo 'publish' ;;
    'openapi delete'|'openapi rm') echo 'delete' ;;
    'openapi versions') echo 'versions' ;;
    'openapi version') echo 'version' ;;
    'openapi content') echo 'content' ;;
    'integrations list'|'integrations ls') echo 'list' ;;
    'integrations get') echo 'get' ;;
    'integrations publish') echo 'publish' ;;
    'integrations unpublish') echo 'unpublish' ;;
    'integrations installations') echo 'installations' ;;
    'comments list'|'comments ls') echo 'list' ;;
    'comments get') echo 'get' ;;
    'comments create') echo 'create' ;;
    'comments update') echo 'update' ;;
    'comments resolve') echo 'resolve' ;;
    'comments reopen') echo 'reopen' ;;
    'comments react') echo 'react' ;;
    'comments delete'|'comments rm') echo 'delete' ;;
    'replies list'|'replies ls') echo 'list' ;;
    'replies get') echo 'get' ;;
    'replies create') echo 'create' ;;
    'replies update') echo 'update' ;;
    'replies react') echo 'react' ;;
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
    'auth.switch') : ;;
    'auth.token') : ;;
    'config.get') : ;;
    'config.set') : ;;
    'config.unset') : ;;
    'config.list') : ;;
    'config.path') : ;;
    'orgs.list') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'orgs.ping') printf '%s\n' '--dry-run' ;;
    'collections.list') printf '%s\n' '--no-nested' '--limit' '--all' '--cursor' '--dry-run' ;;
    'collections.get') printf '%s\n' '--web' '--dry-run' ;;
    'collections.create') printf '%s\n' '--title' '--parent' '--dry-run' ;;
    'collections.update') printf '%s\n' '--title' '--description' '--default-level' '--dry-run' ;;
    'collections.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'collections.spaces') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'collections.move') printf '%s\n' '--parent' '--root' '--before' '--after' '--dry-run' ;;
    'collections.transfer') printf '%s\n' '--to-org' '--dry-run' ;;
    'sites.list') printf '%s\n' '--space' '--title' '--published' '--unpublished' '--limit' '--all' '--cursor' '--dry-run' ;;
    'sites.create') printf '%s\n' '--title' '--type' '--visibility' '--space' '--dry-run' ;;
    'sites.get') printf '%s\n' '--web' '--dry-run' ;;
    'sites.update') printf '%s\n' '--title' '--visibility' '--basename' '--adaptive-content' '--default-site-space' '--default-section' '--proxy' '--no-proxy' '--dry-run' ;;
    'sites.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'sites.published') printf '%s\n' '--share-key' '--dry-run' ;;
    'sites.adaptive-schema') printf '%s\n' '--dry-run' ;;
    'sites.set-adaptive-schema') printf '%s\n' '--file' '--dry-run' ;;
    'sites.tree') : ;;
    'sections.list') printf '%s\n' '--site' '--share-key' '--limit' '--all' '--cursor' '--dry-run' ;;
    'sections.create') printf '%s\n' '--site' '--space' '--title' '--dry-run' ;;
    'sections.update') printf '%s\n' '--site' '--title' '--path' '--default-site-space' '--condition' '--no-condition' '--icon' '--no-icon' '--description' '--no-description' '--dry-run' ;;
    'sections.delete') printf '%s\n' '--site' '--concurrency' '--dry-run' ;;
    'sections.move') printf '%s\n' '--site' '--before' '--after' '--dry-run' ;;
    'section-groups.list') printf '%s\n' '--site' '--limit' '--all' '--cursor' '--dry-run' ;;
    'section-groups.create') printf '%s\n' '--site' '--title' '--icon' '--section' '--dry-run' ;;
    'section-groups.update') printf '%s\n' '--site' '--title' '--icon' '--no-icon' '--dry-run' ;;
    'section-groups.delete') printf '%s\n' '--site' '--concurrency' '--dry-run' ;;
    'section-groups.add-section') printf '%s\n' '--site' '--dry-run' ;;
    'section-groups.remove-section') printf '%s\n' '--site' '--concurrency' '--dry-run' ;;
    'section-groups.move') printf '%s\n' '--site' '--before' '--after' '--dry-run' ;;
    'site-spaces.list') printf '%s\n' '--site' '--default' '--no-default' '--share-key' '--limit' '--all' '--cursor' '--dry-run' ;;
    'site-spaces.add') printf '%s\n' '--site' '--space' '--section' '--dry-run' ;;
    'site-spaces.update') printf '%s\n' '--site' '--path' '--condition' '--no-condition' '--dry-run' ;;
    'site-spaces.remove') printf '%s\n' '--site' '--concurrency' '--dry-run' ;;
    'site-spaces.move') printf '%s\n' '--site' '--before' '--after' '--dry-run' ;;
    'share-links.list') printf '%s\n' '--site' '--limit' '--all' '--cursor' '--dry-run' ;;
    'share-links.create') printf '%s\n' '--site' '--name' '--dry-run' ;;
    'share-links.update') printf '%s\n' '--site' '--name' '--active' '--inactive' '--dry-run' ;;
    'share-links.delete') printf '%s\n' '--site' '--concurrency' '--dry-run' ;;
    'spaces.list') printf '%s\n' '--collection' '--member' '--limit' '--all' '--cursor' '--dry-run' ;;
    'spaces.create') printf '%s\n' '--title' '--emoji' '--collection' '--dry-run' ;;
    'spaces.get') printf '%s\n' '--share-key' '--web' '--dry-run' ;;
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
    'content.get') printf '%s\n' '--change-request' '--dry-run' ;;
    'content.import') printf '%s\n' '--url' '--source' '--change-request' '--dry-run' ;;
    'content.export') printf '%s\n' '--dest' '--concurrency' '--prune' '--force' '--change-request' '--all-spaces' '--collection' '--dry-run' ;;
    'pages.list') printf '%s\n' '--tree' '--change-request' '--dry-run' ;;
    'pages.get') printf '%s\n' '--format' '--change-request' '--web' '--dry-run' ;;
    'pages.links') printf '%s\n' '--status' '--change-request' '--limit' '--all' '--cursor' '--dry-run' ;;
    'files.list') printf '%s\n' '--change-request' '--limit' '--all' '--cursor' '--dry-run' ;;
    'files.get') printf '%s\n' '--change-request' '--dry-run' ;;
    'files.backlinks') printf '%s\n' '--change-request' '--limit' '--all' '--cursor' '--dry-run' ;;
    'files.download') printf '%s\n' '--dest' '--force' '--all' '--concurrency' '--change-request' '--dry-run' ;;
    'members.list') printf '%s\n' '--role' '--search' '--sort' '--order' '--last-seen-before' '--limit' '--all' '--cursor' '--dry-run' ;;
    'members.get') printf '%s\n' '--dry-run' ;;
    'members.update') printf '%s\n' '--role' '--concurrency' '--dry-run' ;;
    'members.remove') printf '%s\n' '--concurrency' '--dry-run' ;;
    'members.set-sso') printf '%s\n' '--concurrency' '--dry-run' ;;
    'members.spaces') printf '%s\n' '--order' '--limit' '--all' '--cursor' '--dry-run' ;;
    'members.teams') printf '%s\n' '--title' '--limit' '--all' '--cursor' '--dry-run' ;;
    'teams.list') printf '%s\n' '--owner' '--title' '--limit' '--all' '--cursor' '--dry-run' ;;
    'teams.create') printf '%s\n' '--title' '--member' '--dry-run' ;;
    'teams.get') printf '%s\n' '--dry-run' ;;
    'teams.rename') printf '%s\n' '--title' '--dry-run' ;;
    'teams.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'teams.members') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'teams.add') printf '%s\n' '--role' '--dry-run' ;;
    'teams.remove') printf '%s\n' '--dry-run' ;;
    'teams.set-role') printf '%s\n' '--role' '--dry-run' ;;
    'sso.list') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'sso.get') printf '%s\n' '--dry-run' ;;
    'sso.create') printf '%s\n' '--label' '--entity-id' '--certificate-file' '--sso-url' '--default-team' '--default-role' '--dry-run' ;;
    'sso.update') printf '%s\n' '--label' '--entity-id' '--certificate-file' '--sso-url' '--default-team' '--default-role' '--dry-run' ;;
    'sso.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'sso.login-options') printf '%s\n' '--dry-run' ;;
    'custom-fields.list') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'custom-fields.get') printf '%s\n' '--dry-run' ;;
    'custom-fields.create') printf '%s\n' '--name' '--type' '--title' '--description' '--placeholder' '--option' '--dry-run' ;;
    'custom-fields.update') printf '%s\n' '--title' '--description' '--placeholder' '--option' '--dry-run' ;;
    'custom-fields.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'custom-fields.values') printf '%s\n' '--dry-run' ;;
    'custom-fields.set') printf '%s\n' '--concurrency' '--dry-run' ;;
    'translations.list') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'translations.create') printf '%s\n' '--title' '--dry-run' ;;
    'translations.get') printf '%s\n' '--dry-run' ;;
    'translations.update') printf '%s\n' '--title' '--dry-run' ;;
    'translations.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'openapi.list') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'openapi.get') printf '%s\n' '--web' '--dry-run' ;;
    'openapi.create') printf '%s\n' '--url' '--file' '--wait' '--wait-timeout' '--dry-run' ;;
    'openapi.publish') printf '%s\n' '--url' '--file' '--wait' '--wait-timeout' '--dry-run' ;;
    'openapi.delete') printf '%s\n' '--concurrency' '--dry-run' ;;
    'openapi.versions') printf '%s\n' '--limit' '--all' '--cursor' '--dry-run' ;;
    'openapi.version') printf '%s\n' '--dry-run' ;;
    'openapi.content') printf '%s\n' '--dest' '--force' '--dry-run' ;;
    'integrations.list') printf '%s\n' '--search' '--category' '--block-domain' '--blocks' '--no-blocks' '--content-sources' '--no-content-sources' '--owner' '--limit' '--all' '--cursor' '--dry-run' ;;
    'integrations.get') printf '%s\n' '--web' '--dry-run' ;;
    'integrations.publish') printf '%s\n' '--manifest' '--dry-run' ;;
    'integrations.unpublish') printf '%s\n' '--concurrency' '--dry-run' ;;
    'integrations.installations') printf '%s\n' '--external-id' '--limit' '--all' '--cursor' '--dry-run' ;;
    'comments.list') printf '%s\n' '--status' '--page-id' '--author' '--order' '--format' '--change-request' '--limit' '--all' '--cursor' '--dry-run' ;;
    'comments.get') printf '%s\n' '--format' '--change-request' '--dry-run' ;;
    'comments.create') printf '%s\n' '--body' '--body-file' '--page' '--node' '--change-request' '--dry-run' ;;
    'comments.update') printf '%s\n' '--body' '--body-file' '--change-request' '--dry-run' ;;
    'comments.resolve') printf '%s\n' '--change-request' '--concurrency' '--dry-run' ;;
    'comments.reopen') printf '%s\n' '--change-request' '--concurrency' '--dry-run' ;;
    'comments.react') printf '%s\n' '--remove' '--change-request' '--dry-run' ;;
    'comments.delete') printf '%s\n' '--change-request' '--concurrency' '--dry-run' ;;
    'replies.list') printf '%s\n' '--format' '--change-request' '--limit' '--all' '--cursor' '--dry-run' ;;
    'replies.get') printf '%s\n' '--format' '--change-request' '--dry-run' ;;
    'replies.create') printf '%s\n' '--body' '--body-file' '--change-request' '--dry-run' ;;
    'replies.update') printf '%s\n' '--body' '--body-file' '--change-request' '--dry-run' ;;
    'replies.react') printf '%s\n' '--remove' '--change-request' '--dry-run' ;;
    'sandbox.serve') printf '%s\n' '--port' '--host' '--data' '--seed' '--spaces' '--pages' '--large-file' '--faults' ;;
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
    'sites.list --space') docplat __ids 'space' 2>/dev/null ;;
    'sites.list --title') : ;;
    'sites.list --limit') : ;;
    'sites.list --cursor') : ;;
    'sites.create --title') : ;;
    'sites.create --type') printf '%s\n' 'basic' 'premium' 'ultimate' 'sponsored' 'legacy-basic' 'legacy-premium' ;;
    'sites.create --visibility') printf '%s\n' 'public' 'unlisted' 'share-link' 'visitor-auth' ;;
    'sites.create --space') docplat __ids 'space' 2>/dev/null ;;
    'sites.update --title') : ;;
    'sites.update --visibility') printf '%s\n' 'public' 'unlisted' 'share-link' 'visitor-auth' ;;
    'sites.update --basename') : ;;
    'sites.update --adaptive-content') printf '%s\n' 'on' 'off' ;;
    'sites.update --default-site-space') : ;;
    'sites.update --default-section') : ;;
    'sites.update --proxy') : ;;
    'sites.delete --concurrency') : ;;
    'sites.published --share-key') : ;;
    'sites.set-adaptive-schema --file') : ;;
    'sections.list --site') docplat __ids 'site' 2>/dev/null ;;
    'sections.list --share-key') : ;;
    'sections.list --limit') : ;;
    'sections.list --cursor') : ;;
    'sections.create --site') docplat __ids 'site' 2>/dev/null ;;
    'sections.create --space') docplat __ids 'space' 2>/dev/null ;;
    'sections.create --title') : ;;
    'sections.update --site') docplat __ids 'site' 2>/dev/null ;;
    'sections.update --title') : ;;
    'sections.update --path') : ;;
    'sections.update --default-site-space') : ;;
    'sections.update --condition') : ;;
    'sections.update --icon') : ;;
    'sections.update --description') : ;;
    'sections.delete --site') docplat __ids 'site' 2>/dev/null ;;
    'sections.delete --concurrency') : ;;
    'sections.move --site') docplat __ids 'site' 2>/dev/null ;;
    'sections.move --before') : ;;
    'sections.move --after') : ;;
    'section-groups.list --site') docplat __ids 'site' 2>/dev/null ;;
    'section-groups.list --limit') : ;;
    'section-groups.list --cursor') : ;;
    'section-groups.create --site') docplat __ids 'site' 2>/dev/null ;;
    'section-groups.create --title') : ;;
    'section-groups.create --icon') : ;;
    'section-groups.create --section') : ;;
    'section-groups.update --site') docplat __ids 'site' 2>/dev/null ;;
    'section-groups.update --title') : ;;
    'section-groups.update --icon') : ;;
    'section-groups.delete --site') docplat __ids 'site' 2>/dev/null ;;
    'section-groups.delete --concurrency') : ;;
    'section-groups.add-section --site') docplat __ids 'site' 2>/dev/null ;;
    'section-groups.remove-section --site') docplat __ids 'site' 2>/dev/null ;;
    'section-groups.remove-section --concurrency') : ;;
    'section-groups.move --site') docplat __ids 'site' 2>/dev/null ;;
    'section-groups.move --before') : ;;
    'section-groups.move --after') : ;;
    'site-spaces.list --site') docplat __ids 'site' 2>/dev/null ;;
    'site-spaces.list --share-key') : ;;
    'site-spaces.list --limit') : ;;
    'site-spaces.list --cursor') : ;;
    'site-spaces.add --site') docplat __ids 'site' 2>/dev/null ;;
    'site-spaces.add --space') docplat __ids 'space' 2>/dev/null ;;
    'site-spaces.add --section') : ;;
    'site-spaces.update --site') docplat __ids 'site' 2>/dev/null ;;
    'site-spaces.update --path') : ;;
    'site-spaces.update --condition') : ;;
    'site-spaces.remove --site') docplat __ids 'site' 2>/dev/null ;;
    'site-spaces.remove --concurrency') : ;;
    'site-spaces.move --site') docplat __ids 'site' 2>/dev/null ;;
    'site-spaces.move --before') : ;;
    'site-spaces.move --after') : ;;
    'share-links.list --site') docplat __ids 'site' 2>/dev/null ;;
    'share-links.list --limit') : ;;
    'share-links.list --cursor') : ;;
    'share-links.create --site') docplat __ids 'site' 2>/dev/null ;;
    'share-links.create --name') : ;;
    'share-links.update --site') docplat __ids 'site' 2>/dev/null ;;
    'share-links.update --name') : ;;
    'share-links.delete --site') docplat __ids 'site' 2>/dev/null ;;
    'share-links.delete --concurrency') : ;;
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
    'content.get --change-request') : ;;
    'content.import --url') : ;;
    'content.import --source') printf '%s\n' 'website' 'docx' 'markdown' 'html' 'zip' 'confluence' 'github-wiki' 'dropbox-paper' 'notion' 'quip' 'google-docs' 'open-api' ;;
    'content.import --change-request') : ;;
    'content.export --dest') : ;;
    'content.export --concurrency') : ;;
    'content.export --change-request') : ;;
    'content.export --collection') : ;;
    'pages.list --change-request') : ;;
    'pages.get --format') printf '%s\n' 'document' 'markdown' ;;
    'pages.get --change-request') : ;;
    'pages.links --status') printf '%s\n' 'ok' 'broken' 'in-app' ;;
    'pages.links --change-request') : ;;
    'pages.links --limit') : ;;
    'pages.links --cursor') : ;;
    'files.list --change-request') : ;;
    'files.list --limit') : ;;
    'files.list --cursor') : ;;
    'files.get --change-request') : ;;
    'files.backlinks --change-request') : ;;
    'files.backlinks --limit') : ;;
    'files.backlinks --cursor') : ;;
    'files.download --dest') : ;;
    'files.download --concurrency') : ;;
    'files.download --change-request') : ;;
    'members.list --role') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'guest' ;;
    'members.list --search') : ;;
    'members.list --sort') printf '%s\n' 'joinedAt' 'lastSeenAt' 'name' ;;
    'members.list --order') printf '%s\n' 'asc' 'desc' ;;
    'members.list --last-seen-before') : ;;
    'members.list --limit') : ;;
    'members.list --cursor') : ;;
    'members.update --role') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'guest' ;;
    'members.update --concurrency') : ;;
    'members.remove --concurrency') : ;;
    'members.set-sso --concurrency') : ;;
    'members.spaces --order') printf '%s\n' 'asc' 'desc' ;;
    'members.spaces --limit') : ;;
    'members.spaces --cursor') : ;;
    'members.teams --title') : ;;
    'members.teams --limit') : ;;
    'members.teams --cursor') : ;;
    'teams.list --owner') docplat __ids 'member' 2>/dev/null ;;
    'teams.list --title') : ;;
    'teams.list --limit') : ;;
    'teams.list --cursor') : ;;
    'teams.create --title') : ;;
    'teams.create --member') docplat __ids 'member' 2>/dev/null ;;
    'teams.rename --title') : ;;
    'teams.delete --concurrency') : ;;
    'teams.members --limit') : ;;
    'teams.members --cursor') : ;;
    'teams.add --role') : ;;
    'teams.set-role --role') printf '%s\n' 'owner' 'member' ;;
    'sso.list --limit') : ;;
    'sso.list --cursor') : ;;
    'sso.create --label') : ;;
    'sso.create --entity-id') : ;;
    'sso.create --certificate-file') : ;;
    'sso.create --sso-url') : ;;
    'sso.create --default-team') docplat __ids 'team' 2>/dev/null ;;
    'sso.create --default-role') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'guest' ;;
    'sso.update --label') : ;;
    'sso.update --entity-id') : ;;
    'sso.update --certificate-file') : ;;
    'sso.update --sso-url') : ;;
    'sso.update --default-team') docplat __ids 'team' 2>/dev/null ;;
    'sso.update --default-role') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'guest' ;;
    'sso.delete --concurrency') : ;;
    'custom-fields.list --limit') : ;;
    'custom-fields.list --cursor') : ;;
    'custom-fields.create --name') : ;;
    'custom-fields.create --type') printf '%s\n' 'text' 'number' 'boolean' 'tags' 'select:multi' 'select:single' ;;
    'custom-fields.create --title') : ;;
    'custom-fields.create --description') : ;;
    'custom-fields.create --placeholder') : ;;
    'custom-fields.create --option') : ;;
    'custom-fields.update --title') : ;;
    'custom-fields.update --description') : ;;
    'custom-fields.update --placeholder') : ;;
    'custom-fields.update --option') : ;;
    'custom-fields.delete --concurrency') : ;;
    'custom-fields.set --concurrency') : ;;
    'translations.list --limit') : ;;
    'translations.list --cursor') : ;;
    'translations.create --title') : ;;
    'translations.update --title') : ;;
    'translations.delete --concurrency') : ;;
    'openapi.list --limit') : ;;
    'openapi.list --cursor') : ;;
    'openapi.create --url') : ;;
    'openapi.create --file') : ;;
    'openapi.create --wait-timeout') : ;;
    'openapi.publish --url') : ;;
    'openapi.publish --file') : ;;
    'openapi.publish --wait-timeout') : ;;
    'openapi.delete --concurrency') : ;;
    'openapi.versions --limit') : ;;
    'openapi.versions --cursor') : ;;
    'openapi.content --dest') : ;;
    'integrations.list --search') : ;;
    'integrations.list --category') printf '%s\n' 'analytics' 'captures' 'collaboration' 'content' 'gitsync' 'marketing' 'visitor-auth' 'other' ;;
    'integrations.list --block-domain') : ;;
    'integrations.list --owner') : ;;
    'integrations.list --limit') : ;;
    'integrations.list --cursor') : ;;
    'integrations.publish --manifest') : ;;
    'integrations.unpublish --concurrency') : ;;
    'integrations.installations --external-id') : ;;
    'integrations.installations --limit') : ;;
    'integrations.installations --cursor') : ;;
    'comments.list --status') printf '%s\n' 'all' 'open' 'resolved' ;;
    'comments.list --page-id') : ;;
    'comments.list --author') : ;;
    'comments.list --order') printf '%s\n' 'asc' 'desc' ;;
    'comments.list --format') printf '%s\n' 'document' 'markdown' ;;
    'comments.list --change-request') : ;;
    'comments.list --limit') : ;;
    'comments.list --cursor') : ;;
    'comments.get --format') printf '%s\n' 'document' 'markdown' ;;
    'comments.get --change-request') : ;;
    'comments.create --body') : ;;
    'comments.create --body-file') : ;;
    'comments.create --page') : ;;
    'comments.create --node') : ;;
    'comments.create --change-request') : ;;
    'comments.update --body') : ;;
    'comments.update --body-file') : ;;
    'comments.update --change-request') : ;;
    'comments.resolve --change-request') : ;;
    'comments.resolve --concurrency') : ;;
    'comments.reopen --change-request') : ;;
    'comments.reopen --concurrency') : ;;
    'comments.react --change-request') : ;;
    'comments.delete --change-request') : ;;
    'comments.delete --concurrency') : ;;
    'replies.list --format') printf '%s\n' 'document' 'markdown' ;;
    'replies.list --change-request') : ;;
    'replies.list --limit') : ;;
    'replies.list --cursor') : ;;
    'replies.get --format') printf '%s\n' 'document' 'markdown' ;;
    'replies.get --change-request') : ;;
    'replies.create --body') : ;;
    'replies.create --body-file') : ;;
    'replies.create --change-request') : ;;
    'replies.update --body') : ;;
    'replies.update --body-file') : ;;
    'replies.update --change-request') : ;;
    'replies.react --change-request') : ;;
    'sandbox.serve --port') : ;;
    'sandbox.serve --host') : ;;
    'sandbox.serve --data') : ;;
    'sandbox.serve --seed') : ;;
    'sandbox.serve --spaces') : ;;
    'sandbox.serve --pages') : ;;
    'sandbox.serve --large-file') : ;;
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
    'sites.get 0') docplat __ids 'siteId' 2>/dev/null ;;
    'sites.update 0') docplat __ids 'siteId' 2>/dev/null ;;
    'sites.delete 0'|'sites.delete '*) docplat __ids 'siteId' 2>/dev/null ;;
    'sites.published 0') docplat __ids 'siteId' 2>/dev/null ;;
    'sites.adaptive-schema 0') docplat __ids 'siteId' 2>/dev/null ;;
    'sites.set-adaptive-schema 0') docplat __ids 'siteId' 2>/dev/null ;;
    'sites.tree 0') docplat __ids 'siteId' 2>/dev/null ;;
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
    'content.get 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'content.import 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'content.export 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'pages.list 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'pages.get 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'pages.links 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'files.list 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'files.get 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'files.backlinks 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'files.download 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'teams.get 0') docplat __ids 'teamId' 2>/dev/null ;;
    'teams.rename 0') docplat __ids 'teamId' 2>/dev/null ;;
    'teams.delete 0'|'teams.delete '*) docplat __ids 'teamId' 2>/dev/null ;;
    'teams.members 0') docplat __ids 'teamId' 2>/dev/null ;;
    'teams.add 0') docplat __ids 'teamId' 2>/dev/null ;;
    'teams.remove 0') docplat __ids 'teamId' 2>/dev/null ;;
    'teams.set-role 0') docplat __ids 'teamId' 2>/dev/null ;;
    'custom-fields.values 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'custom-fields.set 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'comments.list 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'comments.get 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'comments.create 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'comments.update 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'comments.resolve 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'comments.reopen 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'comments.react 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'comments.delete 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'replies.list 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'replies.get 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'replies.create 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'replies.update 0') docplat __ids 'spaceId' 2>/dev/null ;;
    'replies.react 0') docplat __ids 'spaceId' 2>/dev/null ;;
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
  local i t join= cur pre= IFS=$'\n'
  # bash splits --output=json at "=" and select:multi at ":": put such words back together.
  for ((i = 1; i <= COMP_CWORD; i++)); do
    t=${COMP_WORDS[i]}
    if [[ $t == [=:] || -n $join ]] && ((${#w[@]})); then
      w[${#w[@]}-1]+=$t
      [[ $t == [=:] ]] && join=1 || join=
    else
      w+=("$t")
    fi
  done
  cur=${w[${#w[@]}-1]}
  [[ $cur == --*=* ]] && cur=${cur#*=}
  # bash replaces only what follows the last ":" of the word: offer the rest of each candidate.
  [[ $cur == *:* ]] && pre=${cur%:*}:
  # Not compgen -W, which expands $(...) and globs in its words: ids come from the API.
  COMPREPLY=()
  while IFS= read -r t; do
    [[ -n $t && $t == "$cur"* ]] && COMPREPLY+=("${t#"$pre"}")
  done < <(_docplat_candidates "${w[${#w[@]}-1]}" "${w[@]:0:${#w[@]}-1}")
}

complete -o default -F _docplat docplat
