# docplat shell completion, generated from the command manifest by `npm run build`: do not edit.
# bash: source it, or copy it to ~/.local/share/bash-completion/completions/docplat

# Ids of kind $1 from the API, with the --sandbox, --org and --profile typed (set by _docplat_candidates).
_docplat_ids() {
  [ -n "$_docplat_probe" ] && return 0
  set -- __ids "$1"
  [ -n "$_docplat_sandbox" ] && set -- --sandbox "$@"
  [ -n "$_docplat_org" ] && set -- --org "$_docplat_org" "$@"
  [ -n "$_docplat_profile" ] && set -- --profile "$_docplat_profile" "$@"
  docplat "$@" 2>/dev/null
}

_docplat_groups() {
  printf '%s\t%s\n' 'auth' 'Log in and out, and show the active credentials' 'config' 'Read and change the local configuration' 'orgs' 'List your organizations' 'collections' 'Manage collections of spaces' 'sites' 'Manage docs sites: list, create, update, delete, the published view, the adaptive schema, tree' 'sections' 'Manage the sections of a docs site' 'section-groups' 'Manage the section groups of a docs site' 'site-spaces' 'Manage the spaces a docs site publishes' 'share-links' 'Manage the share links of a docs site' 'spaces' 'Manage spaces: list, create, lock, delete, restore, move, transfer' 'content' 'Read and import the content of a space, and export it as Markdown files' 'pages' 'List the page tree of a space, show a page or its Markdown, list its links' 'files' 'List, show and download the files of a space' 'members' 'Manage the organization'\''s members: roles, removal, SSO, their spaces and teams' 'teams' 'Manage teams and their members, in bulk' 'sso' 'Manage SAML single sign-on providers' 'custom-fields' 'Declare custom fields and set their values on spaces' 'translations' 'Manage translation settings' 'openapi' 'Publish OpenAPI specifications (from CI too) and read their versions' 'org' 'The organization as code: pull its configuration to a file, plan and apply changes' 'integrations' 'Browse, publish and unpublish integrations, and list their installations' 'comments' 'Discuss content: comments on spaces and change requests, resolve, react' 'replies' 'Reply to comments, and react to replies' 'change-requests' 'Review and merge change requests: list (a space'\''s or the organization'\''s), diff, review, rebase, merge' 'sandbox' 'Run the local API emulator' 'api' 'Make any API call, with docplat'\''s auth, errors and pagination' 'completion' 'Print the shell completion script (bash, zsh or fish)'
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
    'auth') printf '%s\t%s\n' 'login' 'store a token in the profile (prompts for it on a terminal)' 'logout' 'remove the profile'\''s token' 'status' 'show the profile, API URL, organization, user and where the token comes from (never the token)' 'switch' 'make another profile the active one (as `gh auth switch`)' 'token' 'print the active token (for scripts)' ;;
    'config') printf '%s\t%s\n' 'get' 'print the value in effect (flag, environment, profile or default), and where it comes from on stderr' 'set' 'set a value in the active profile' 'unset' 'remove a value from the active profile' 'list' 'list the values of every profile (the token shows only as set or not)' 'ls' 'list the values of every profile (the token shows only as set or not)' 'path' 'print the path of the config file' ;;
    'orgs') printf '%s\t%s\n' 'list' 'list the organizations you belong to' 'ls' 'list the organizations you belong to' 'get' 'show an organization (yours by default)' 'ping' 'ping the organization (prints the visitor claims when the platform returns some)' ;;
    'collections') printf '%s\t%s\n' 'list' 'list the organization'\''s collections' 'ls' 'list the organization'\''s collections' 'get' 'show a collection' 'create' 'create a collection' 'update' 'change the title, description or default level of a collection' 'delete' 'delete collections (their spaces are deleted with them, restorable for 7 days)' 'rm' 'delete collections (their spaces are deleted with them, restorable for 7 days)' 'spaces' 'list the spaces of a collection' 'move' 'move a collection to another parent or position' 'transfer' 'transfer a collection to another organization' ;;
    'sites') printf '%s\t%s\n' 'list' 'list the organization'\''s docs sites' 'ls' 'list the organization'\''s docs sites' 'create' 'create a docs site' 'get' 'show a docs site' 'update' 'change the title, visibility, basename, adaptive content, defaults or proxy of a site' 'delete' 'delete docs sites (their spaces stay)' 'rm' 'delete docs sites (their spaces stay)' 'publish' 'publish docs sites (public OpenAPI description 0.202.0)' 'unpublish' 'take docs sites offline (public OpenAPI description 0.202.0); their content stays' 'published' 'show a site as its visitors get it: the site and its published structure' 'adaptive-schema' 'show the JSON Schema of the visitor claims for adaptive content' 'set-adaptive-schema' 'replace the JSON Schema of the visitor claims for adaptive content' 'tree' 'show how a site is put together: its groups, sections, site spaces and share links' ;;
    'sections') printf '%s\t%s\n' 'list' 'list the sections of a site, with their site spaces' 'ls' 'list the sections of a site, with their site spaces' 'create' 'add a section to a site, with a first site space publishing a space' 'update' 'change the title, path, default site space, condition, icon or description of a section' 'delete' 'delete sections of a site, with their site spaces (the spaces stay)' 'rm' 'delete sections of a site, with their site spaces (the spaces stay)' 'move' 'move a section before or after another of its group (or of the top level), or to the end' ;;
    'section-groups') printf '%s\t%s\n' 'list' 'list the section groups of a site, with their sections' 'ls' 'list the section groups of a site, with their sections' 'create' 'create a section group, optionally with sections (a section leaves the group it was in)' 'update' 'change the title or icon of a section group' 'delete' 'delete section groups (their sections stay, at the top level)' 'rm' 'delete section groups (their sections stay, at the top level)' 'add-section' 'put a section in a section group (it leaves the group it was in)' 'remove-section' 'take sections out of a section group (they stay in the site, at the top level)' 'move' 'move a section group before or after a top-level section or group, or to the end' ;;
    'site-spaces') printf '%s\t%s\n' 'list' 'list the site spaces of a site (the spaces it publishes, by section)' 'ls' 'list the site spaces of a site (the spaces it publishes, by section)' 'add' 'publish a space of the organization in a site' 'update' 'change the path or condition of a site space' 'remove' 'take spaces out of a site (the spaces stay)' 'rm' 'take spaces out of a site (the spaces stay)' 'move' 'move a site space before or after another of its section, or to the end' ;;
    'share-links') printf '%s\t%s\n' 'list' 'list a site'\''s share links (their URLs hold the secret: --fields urls.published shows them)' 'ls' 'list a site'\''s share links (their URLs hold the secret: --fields urls.published shows them)' 'create' 'create a share link; prints its published URL, which holds the secret key' 'update' 'rename a share link, or turn it on or off' 'delete' 'delete share links (their URLs stop working)' 'rm' 'delete share links (their URLs stop working)' ;;
    'spaces') printf '%s\t%s\n' 'list' 'list the organization'\''s spaces, or those of a collection or a member' 'ls' 'list the organization'\''s spaces, or those of a collection or a member' 'create' 'create a space in the organization' 'get' 'show a space' 'update' 'change the title, emoji, default level or edit mode of a space' 'lock' 'lock spaces (editMode locked)' 'unlock' 'unlock spaces (editMode live)' 'delete' 'delete spaces (restorable for 7 days)' 'rm' 'delete spaces (restorable for 7 days)' 'restore' 'restore deleted spaces (within 7 days of deletion)' 'duplicate' 'make a copy of a space' 'move' 'move a space to another collection or position' 'transfer' 'transfer spaces to another organization' 'links' 'list the links found in a space' 'search' 'search the content of a space' ;;
    'content') printf '%s\t%s\n' 'get' 'show the current revision of a space (or of a change request)' 'import' 'import content into a space (or a change request) from a URL' 'export' 'write a space (or a change request) as Markdown files with SUMMARY.md and its assets' 'push' 'send a folder of Markdown (as content export writes it) into a change request, only what differs' 'restore' 'bring a space (or every space) back from a backup content export wrote, and check it byte for byte' ;;
    'pages') printf '%s\t%s\n' 'list' 'list the pages of a space in tree order (--tree draws the nesting)' 'ls' 'list the pages of a space in tree order (--tree draws the nesting)' 'get' 'show a page, by id or by path; --format markdown prints its Markdown alone' 'links' 'list the links found in a page' ;;
    'files') printf '%s\t%s\n' 'list' 'list the files of a space' 'ls' 'list the files of a space' 'get' 'show a file (name, type, size, download URL)' 'backlinks' 'list the pages that refer to a file' 'download' 'download a file'\''s bytes (to its name in the current folder by default), or --all files of a space' ;;
    'members') printf '%s\t%s\n' 'list' 'list the organization'\''s members' 'ls' 'list the organization'\''s members' 'get' 'show a member of the organization' 'update' 'change members'\'' role in the organization (admins only)' 'invite' 'invite people to the organization by e-mail address (admins only)' 'remove' 'remove members from the organization (and its teams)' 'rm' 'remove members from the organization (and its teams)' 'set-sso' 'let members log in with SSO' 'spaces' 'list the spaces a member can access, with their permission' 'teams' 'list the teams of a member, with their role in each' ;;
    'teams') printf '%s\t%s\n' 'list' 'list the organization'\''s teams' 'ls' 'list the organization'\''s teams' 'create' 'create a team' 'get' 'show a team' 'rename' 'change the title of a team' 'delete' 'delete teams (their members stay in the organization)' 'rm' 'delete teams (their members stay in the organization)' 'members' 'list the members of a team, with their team and organization roles' 'add' 'add members to a team, by user id or e-mail' 'remove' 'remove members from a team, by user id or e-mail (they stay in the organization)' 'set-role' 'set a member'\''s role in a team (adds them when they are not in it)' ;;
    'sso') printf '%s\t%s\n' 'list' 'list the organization'\''s SAML providers' 'ls' 'list the organization'\''s SAML providers' 'get' 'show a SAML provider (its certificate as a SHA-256 fingerprint)' 'create' 'add a SAML provider (admins only)' 'update' 'change a SAML provider (admins only)' 'delete' 'delete SAML providers (admins only)' 'rm' 'delete SAML providers (admins only)' 'login-options' 'list the SSO login options of the organization (its active providers)' ;;
    'custom-fields') printf '%s\t%s\n' 'list' 'list the organization'\''s custom fields' 'ls' 'list the organization'\''s custom fields' 'get' 'show a custom field' 'create' 'declare a custom field (admins only)' 'update' 'change the title, description, placeholder or choices of a custom field (admins only)' 'delete' 'delete custom fields and their values on every space (admins only)' 'rm' 'delete custom fields and their values on every space (admins only)' 'values' 'list the custom fields of a space with its values' 'set' 'set custom field values of a space (name=value; name= clears), or of many spaces from stdin' ;;
    'translations') printf '%s\t%s\n' 'list' 'list the organization'\''s translation settings' 'ls' 'list the organization'\''s translation settings' 'create' 'create translation settings (admins only)' 'get' 'show translation settings' 'update' 'rename translation settings (admins only)' 'delete' 'delete translation settings (admins only)' 'rm' 'delete translation settings (admins only)' ;;
    'openapi') printf '%s\t%s\n' 'list' 'list the organization'\''s OpenAPI specifications' 'ls' 'list the organization'\''s OpenAPI specifications' 'get' 'show an OpenAPI specification, with its processing state' 'create' 'create an OpenAPI specification from a URL or a file (fails if the slug exists)' 'publish' 'create or update an OpenAPI specification (safe to repeat), from a URL or a file' 'validate' 'check an OpenAPI or Swagger document as the platform checks it, sending nothing' 'delete' 'delete OpenAPI specifications and their versions' 'rm' 'delete OpenAPI specifications and their versions' 'versions' 'list the versions of an OpenAPI specification, newest first' 'version' 'show a version of an OpenAPI specification (default: the latest)' 'content' 'print the document of a version (default: the latest); --json shows the version'\''s content object' ;;
    'org') printf '%s\t%s\n' 'pull' 'Write the organization'\''s configuration as a file (YAML)' 'plan' 'Show what `org apply` would change to make the organization match the file' 'apply' 'Make the organization match the file (or apply a saved plan)' 'schema' 'Print the JSON Schema of the organization file, for editors' ;;
    'integrations') printf '%s\t%s\n' 'list' 'list the integrations of the catalogue (public ones, and those of your organizations)' 'ls' 'list the integrations of the catalogue (public ones, and those of your organizations)' 'get' 'show an integration' 'publish' 'publish an integration (or a new version of it) from a manifest' 'unpublish' 'unpublish integrations (removes them from the catalogue)' 'installations' 'list an integration'\''s installations (needs the integration'\''s own token)' ;;
    'comments') printf '%s\t%s\n' 'list' 'list the comments of a space or of a change request' 'ls' 'list the comments of a space or of a change request' 'get' 'show a comment' 'create' 'comment on a space or a change request, a page of it, or a block of a page' 'update' 'change the body of your comment' 'resolve' 'resolve comments (resolved=true)' 'reopen' 'reopen comments (resolved=false)' 'react' 'add your reaction to a comment, or remove it with --remove' 'delete' 'delete comments (yours, or any as an admin)' 'rm' 'delete comments (yours, or any as an admin)' ;;
    'replies') printf '%s\t%s\n' 'list' 'list the replies to a comment' 'ls' 'list the replies to a comment' 'get' 'show a reply' 'create' 'reply to a comment' 'update' 'change the body of your reply' 'delete' 'delete replies (yours, or any as an admin; public OpenAPI description 0.202.0)' 'rm' 'delete replies (yours, or any as an admin; public OpenAPI description 0.202.0)' 'react' 'add your reaction to a reply, or remove it with --remove' ;;
    'change-requests') printf '%s\t%s\n' 'list' 'list a space'\''s change requests, or the organization'\''s (open ones by default)' 'ls' 'list a space'\''s change requests, or the organization'\''s (open ones by default)' 'get' 'show a change request' 'create' 'open a change request on a space'\''s current content' 'update' 'change the subject or the status of a change request' 'merge' 'merge a change request into the space'\''s content' 'rebase' 'bring a change request up to date with its space'\''s content' 'changes' 'list what a change request changes against the content it started from' 'diff' 'show a change request'\''s pages as a unified diff against its base' 'reviews' 'list who approved a change request or asked for changes (--requested: who is asked)' 'review' 'approve a change request, or ask for changes' 'request-review' 'ask members to review a change request' ;;
    'sandbox') printf '%s\t%s\n' 'serve' 'run the local API emulator until interrupted, and print its URL and token' 'reset' 'empty the embedded sandbox (used by --sandbox) and start again from a seed' ;;
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
    'orgs get') echo 'get' ;;
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
    'sites publish') echo 'publish' ;;
    'sites unpublish') echo 'unpublish' ;;
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
    'content push') echo 'push' ;;
    'content restore') echo 'restore' ;;
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
    'members invite') echo 'invite' ;;
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
    'openapi validate') echo 'validate' ;;
    'openapi delete'|'openapi rm') echo 'delete' ;;
    'openapi versions') echo 'versions' ;;
    'openapi version') echo 'version' ;;
    'openapi content') echo 'content' ;;
    'org pull') echo 'pull' ;;
    'org plan') echo 'plan' ;;
    'org apply') echo 'apply' ;;
    'org schema') echo 'schema' ;;
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
    'replies delete'|'replies rm') echo 'delete' ;;
    'replies react') echo 'react' ;;
    'change-requests list'|'change-requests ls') echo 'list' ;;
    'change-requests get') echo 'get' ;;
    'change-requests create') echo 'create' ;;
    'change-requests update') echo 'update' ;;
    'change-requests merge') echo 'merge' ;;
    'change-requests rebase') echo 'rebase' ;;
    'change-requests changes') echo 'changes' ;;
    'change-requests diff') echo 'diff' ;;
    'change-requests reviews') echo 'reviews' ;;
    'change-requests review') echo 'review' ;;
    'change-requests request-review') echo 'request-review' ;;
    'sandbox serve') echo 'serve' ;;
    'sandbox reset') echo 'reset' ;;
    *) return 1 ;;
  esac
}

_docplat_flags() {
  case $1 in
    'auth.login') printf '%s\t%s\n' '--with-token' 'read the token from stdin (for scripts: echo "$TOKEN" | docplat auth login --with-token)' ;;
    'auth.logout') : ;;
    'auth.status') : ;;
    'auth.switch') : ;;
    'auth.token') : ;;
    'config.get') : ;;
    'config.set') : ;;
    'config.unset') : ;;
    'config.list') : ;;
    'config.path') : ;;
    'orgs.list') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'orgs.get') printf '%s\t%s\n' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'orgs.ping') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'collections.list') printf '%s\t%s\n' '--no-nested' 'only top-level collections' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'collections.get') printf '%s\t%s\n' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'collections.create') printf '%s\t%s\n' '--title' '(required) title (at most 50 characters)' '--parent' 'create it inside this collection' '--dry-run' 'print the request that would be sent, and send none' ;;
    'collections.update') printf '%s\t%s\n' '--title' 'title (at most 50 characters)' '--description' 'description (at most 100 characters)' '--default-level' 'default role for its content: admin, create, review, edit, comment, read, inherit, or none' '--dry-run' 'print the request that would be sent, and send none' ;;
    'collections.delete') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'collections.spaces') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'collections.move') printf '%s\t%s\n' '--parent' 'move into this collection' '--root' 'move to the top level of the organization' '--before' 'place before this collection (prefix space: for a space)' '--after' 'place after this collection (prefix space: for a space)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'collections.transfer') printf '%s\t%s\n' '--to-org' '(required) organization that receives the collection' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sites.list') printf '%s\t%s\n' '--space' 'only the sites that publish this space' '--title' 'only the sites whose title contains this text' '--published' 'only published sites' '--unpublished' 'only unpublished sites' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sites.create') printf '%s\t%s\n' '--title' '(required) title (2 to 128 characters)' '--type' 'plan of the site: basic, premium, ultimate, sponsored, legacy-basic, legacy-premium (default basic)' '--visibility' 'who can read it: public, unlisted, share-link, visitor-auth' '--space' 'publish this space (repeat for several)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sites.get') printf '%s\t%s\n' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sites.update') printf '%s\t%s\n' '--title' 'title (2 to 128 characters)' '--visibility' 'who can read it: public, unlisted, share-link, visitor-auth' '--basename' 'path of the site below its host (1 to 100 characters)' '--adaptive-content' 'turn adaptive content on or off' '--default-site-space' 'make this site space the default (of the default section, when the site has sections)' '--default-section' 'make this section the default' '--proxy' 'set the proxy (host and path with no scheme, such as docs.example.com/help); without --proxy or --no-proxy it stays as it is (at most 512 characters)' '--no-proxy' 'remove the proxy (sends null)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sites.delete') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'sites.publish') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'sites.unpublish') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'sites.published') printf '%s\t%s\n' '--share-key' 'key of an active share link (needed for a share-link site)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sites.adaptive-schema') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sites.set-adaptive-schema') printf '%s\t%s\n' '--file' '(required) JSON file of the schema (- for stdin)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sites.tree') : ;;
    'sections.list') printf '%s\t%s\n' '--site' '(required) the site' '--share-key' 'share-link key that resolves the published URLs' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sections.create') printf '%s\t%s\n' '--site' '(required) the site' '--space' '(required) space of the first site space of the section' '--title' '(required) title (2 to 64 characters)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sections.update') printf '%s\t%s\n' '--site' '(required) the site' '--title' 'title (2 to 128 characters)' '--path' 'path of the section on the site (1 to 100 characters)' '--default-site-space' 'make this site space of the section its default' '--condition' 'set the condition deciding whether visitors see the section; without --condition or --no-condition it stays as it is (1 to 1024 characters)' '--no-condition' 'remove the condition deciding whether visitors see the section (sends null)' '--icon' 'set the icon; without --icon or --no-icon it stays as it is (at most 50 characters)' '--no-icon' 'remove the icon (sends null)' '--description' 'set the description; without --description or --no-description it stays as it is (at most 256 characters)' '--no-description' 'remove the description (sends null)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sections.delete') printf '%s\t%s\n' '--site' '(required) the site' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'sections.move') printf '%s\t%s\n' '--site' '(required) the site' '--before' 'place before this site-section' '--after' 'place after this site-section' '--dry-run' 'print the request that would be sent, and send none' ;;
    'section-groups.list') printf '%s\t%s\n' '--site' '(required) the site' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'section-groups.create') printf '%s\t%s\n' '--site' '(required) the site' '--title' '(required) title (1 to 100 characters)' '--icon' 'icon (at most 50 characters)' '--section' 'put this section in the group (repeat for several)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'section-groups.update') printf '%s\t%s\n' '--site' '(required) the site' '--title' 'title (1 to 100 characters)' '--icon' 'set the icon; without --icon or --no-icon it stays as it is (at most 50 characters)' '--no-icon' 'remove the icon (sends null)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'section-groups.delete') printf '%s\t%s\n' '--site' '(required) the site' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'section-groups.add-section') printf '%s\t%s\n' '--site' '(required) the site' '--dry-run' 'print the request that would be sent, and send none' ;;
    'section-groups.remove-section') printf '%s\t%s\n' '--site' '(required) the site' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'section-groups.move') printf '%s\t%s\n' '--site' '(required) the site' '--before' 'place before this site-section-group' '--after' 'place after this site-section-group' '--dry-run' 'print the request that would be sent, and send none' ;;
    'site-spaces.list') printf '%s\t%s\n' '--site' '(required) the site' '--default' 'only the default site spaces' '--no-default' 'only the site spaces that are not a default' '--share-key' 'share-link key that resolves the published URLs' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'site-spaces.add') printf '%s\t%s\n' '--site' '(required) the site' '--space' '(required) the space (of the same organization)' '--section' 'section to add it to (default: the default section, or the root of a site without sections)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'site-spaces.update') printf '%s\t%s\n' '--site' '(required) the site' '--path' 'path of the space on the site (1 to 100 characters)' '--condition' 'set the condition deciding whether visitors see the space; without --condition or --no-condition it stays as it is (1 to 1024 characters)' '--no-condition' 'remove the condition deciding whether visitors see the space (sends null)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'site-spaces.remove') printf '%s\t%s\n' '--site' '(required) the site' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'site-spaces.move') printf '%s\t%s\n' '--site' '(required) the site' '--before' 'place before this site-space' '--after' 'place after this site-space' '--dry-run' 'print the request that would be sent, and send none' ;;
    'share-links.list') printf '%s\t%s\n' '--site' '(required) the site' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'share-links.create') printf '%s\t%s\n' '--site' '(required) the site' '--name' '(required) name (at most 50 characters)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'share-links.update') printf '%s\t%s\n' '--site' '(required) the site' '--name' 'name (at most 50 characters)' '--active' 'turn the link on' '--inactive' 'turn the link off (its URL stops working)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'share-links.delete') printf '%s\t%s\n' '--site' '(required) the site' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'spaces.list') printf '%s\t%s\n' '--collection' 'only the spaces of this collection' '--member' 'only the spaces this member can access, with their permission' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'spaces.create') printf '%s\t%s\n' '--title' '(required) title (at most 50 characters)' '--emoji' 'emoji shown with the title (at most 50 characters)' '--collection' 'create it in this collection' '--dry-run' 'print the request that would be sent, and send none' ;;
    'spaces.get') printf '%s\t%s\n' '--share-key' 'share-link key that resolves the published URLs' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'spaces.update') printf '%s\t%s\n' '--title' 'title (at most 50 characters)' '--emoji' 'emoji shown with the title (at most 50 characters)' '--default-level' 'default role for the content: admin, create, review, edit, comment, read, inherit (from its collection or organization), or none' '--edit-mode' 'live (edit directly) or locked (all edits locked)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'spaces.lock') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'spaces.unlock') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'spaces.delete') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'spaces.restore') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'spaces.duplicate') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'spaces.move') printf '%s\t%s\n' '--parent' 'move into this collection' '--root' 'move to the top level of the organization' '--before' 'place before this space (prefix collection: for a collection)' '--after' 'place after this space (prefix collection: for a collection)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'spaces.transfer') printf '%s\t%s\n' '--to-org' '(required) organization that receives the spaces' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'spaces.links') printf '%s\t%s\n' '--status' 'only links with this status: ok, broken, in-app' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'spaces.search') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'content.get') printf '%s\t%s\n' '--change-request' 'act on this change request (its id or its number) instead of the space' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'content.import') printf '%s\t%s\n' '--url' '(required) where the content is (http or https URL)' '--source' '(required) kind of source, e.g. website, markdown, docx, notion' '--change-request' 'act on this change request (its id or its number) instead of the space' '--dry-run' 'print the request that would be sent, and send none' ;;
    'content.export') printf '%s\t%s\n' '--dest' '(required) folder to write into (created if missing; its parent must exist)' '--concurrency' 'requests in flight at once (default 8, at most 64)' '--prune' 'remove the files of pages and files that no longer exist (not those edited here)' '--allow-mass-delete' 'let the run delete more than half of a kind (or all of it): spaces, pages of a space, files of an export' '--force' 'export into a folder that holds other files, and replace files edited here since the export' '--change-request' 'act on this change request (its id or its number) instead of the space' '--all-spaces' 'every space of the organization, each into <dest>/<collection path>/<space slug>/' '--collection' 'with --all-spaces: the spaces of this collection (nested ones included)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'content.push') printf '%s\t%s\n' '--src' '(required) the folder to push (SUMMARY.md, Markdown files, .gitbook/assets/)' '--change-request' 'push into this change request (its id or number) and compare with its content' '--subject' 'subject of the new change request (default: the folder and the time) (at most 100 characters)' '--merge' 'merge the change request once everything is sent' '--prune' 'delete the pages the folder does not have (and the pages under them)' '--allow-mass-delete' 'let the run delete more than half of a kind (or all of it): spaces, pages of a space, files of an export' '--force' 'send the folder as it is, over changes made in the space since the export (named); with --prune: a folder exported from another space' '--concurrency' 'pages read at once to compare (default 8, at most 64)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'content.restore') printf '%s\t%s\n' '--from' '(required) the backup: a folder content export wrote' '--into' 'restore into this space (made equal to the backup)' '--new' 'restore into a new space (created empty with the backup'\''s settings)' '--change-request' 'restore into this open change request of the space (its id or number) and leave it open for review: not merged, settings untouched' '--files-url' 'where the backup folder is served, for files over 1 MB (the platform fetches them)' '--no-verify' 'do not export the space restored and compare it with the backup' '--all-spaces' 'every space of an export --all-spaces, into the organization (--org)' '--allow-mass-delete' 'let the run delete more than half of a kind (or all of it): spaces, pages of a space, files of an export' '--concurrency' 'requests in flight at once when reading (default 8, at most 64)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'pages.list') printf '%s\t%s\n' '--tree' 'draw the tree instead of a table' '--change-request' 'act on this change request (its id or its number) instead of the space' '--dry-run' 'print the request that would be sent, and send none' ;;
    'pages.get') printf '%s\t%s\n' '--format' 'content to include: document or markdown' '--change-request' 'act on this change request (its id or its number) instead of the space' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'pages.links') printf '%s\t%s\n' '--status' 'only links with this status: ok, broken, in-app' '--change-request' 'act on this change request (its id or its number) instead of the space' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'files.list') printf '%s\t%s\n' '--change-request' 'act on this change request (its id or its number) instead of the space' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'files.get') printf '%s\t%s\n' '--change-request' 'act on this change request (its id or its number) instead of the space' '--dry-run' 'print the request that would be sent, and send none' ;;
    'files.backlinks') printf '%s\t%s\n' '--change-request' 'act on this change request (its id or its number) instead of the space' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'files.download') printf '%s\t%s\n' '--dest' 'file path, existing folder, or - for stdout (default: the file name in the current folder)' '--force' 'overwrite an existing file' '--all' 'every file of the space, into the --dest folder' '--concurrency' 'with --all: downloads at once (default 8, at most 64)' '--change-request' 'act on this change request (its id or its number) instead of the space' '--dry-run' 'print the request that would be sent, and send none' ;;
    'members.list') printf '%s\t%s\n' '--role' 'only members with this role: admin, create, review, edit, comment, read, or guest' '--search' 'only members whose name or e-mail contains this' '--sort' 'sort by joinedAt (default) or lastSeenAt (lists only active members), or name' '--order' 'asc or desc (default)' '--last-seen-before' 'only members not seen since: a duration back from now (90d, 12w, 48h) or a date (2026-01-31); never-seen members included' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'members.get') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'members.update') printf '%s\t%s\n' '--role' '(required) the new role: admin, create, review, edit, comment, read, or guest (no role: only the spaces shared with them)' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'members.invite') printf '%s\t%s\n' '--role' 'their role: admin, create, review, edit, comment, read, or guest (default: read)' '--sso' 'invite them as SSO members of the organization' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'members.remove') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'members.set-sso') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'members.spaces') printf '%s\t%s\n' '--order' 'asc (sidebar order) or desc (default)' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'members.teams') printf '%s\t%s\n' '--title' 'only teams whose title contains this (case-insensitive)' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'teams.list') printf '%s\t%s\n' '--owner' 'only the teams this member can manage' '--title' 'only teams whose title contains this (case-insensitive)' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'teams.create') printf '%s\t%s\n' '--title' '(required) title (1 to 64 characters)' '--member' 'a member of the organization to put in the team (repeat it)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'teams.get') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'teams.rename') printf '%s\t%s\n' '--title' '(required) title (1 to 64 characters)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'teams.delete') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'teams.members') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'teams.add') printf '%s\t%s\n' '--role' 'their role in the team: owner (manages it) or member (default)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'teams.remove') printf '%s\t%s\n' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'teams.set-role') printf '%s\t%s\n' '--role' '(required) owner (manages the team) or member' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sso.list') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sso.get') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sso.create') printf '%s\t%s\n' '--label' '(required) name on the login page (1 to 30 characters)' '--entity-id' 'the identity provider'\''s entity id (at most 1024 characters)' '--certificate-file' 'the identity provider'\''s signing certificate: a PEM file with one BEGIN CERTIFICATE block (- reads stdin) (at most 10000 characters)' '--sso-url' 'the identity provider'\''s single sign-on URL (http or https) (at most 2048 characters)' '--default-team' 'team that members who sign in the first time join' '--default-role' 'role of members who sign in the first time: admin, create, review, edit, comment, read, or guest' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sso.update') printf '%s\t%s\n' '--label' 'name on the login page (1 to 30 characters)' '--entity-id' 'the identity provider'\''s entity id (at most 1024 characters)' '--certificate-file' 'the identity provider'\''s signing certificate: a PEM file with one BEGIN CERTIFICATE block (- reads stdin) (at most 10000 characters)' '--sso-url' 'the identity provider'\''s single sign-on URL (http or https) (at most 2048 characters)' '--default-team' 'team that members who sign in the first time join' '--default-role' 'role of members who sign in the first time: admin, create, review, edit, comment, read, or guest' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sso.delete') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'sso.login-options') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'custom-fields.list') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'custom-fields.get') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'custom-fields.create') printf '%s\t%s\n' '--name' '(required) the key of the field: lowercase letters, digits, _ and - (1 to 50 characters)' '--type' '(required) one of text, number, boolean, tags, select:multi, select:single' '--title' 'title shown in the app (at most 100 characters)' '--description' 'description (at most 200 characters)' '--placeholder' 'placeholder of an empty value (at most 100 characters)' '--option' 'a choice of a select field (repeat the flag); update replaces them all (each 1 to 40 characters; 1 to 50 values)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'custom-fields.update') printf '%s\t%s\n' '--title' 'title shown in the app (at most 100 characters)' '--description' 'description (at most 200 characters)' '--placeholder' 'placeholder of an empty value (at most 100 characters)' '--option' 'a choice of a select field (repeat the flag); update replaces them all (each 1 to 40 characters; 1 to 50 values)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'custom-fields.delete') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'custom-fields.values') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'custom-fields.set') printf '%s\t%s\n' '--concurrency' 'requests in flight at once, with - (default 8)' '--dry-run' 'print the requests that would be sent (after reading the fields), and send none' ;;
    'translations.list') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'translations.create') printf '%s\t%s\n' '--title' '(required) title (1 to 100 characters)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'translations.get') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'translations.update') printf '%s\t%s\n' '--title' '(required) title (1 to 100 characters)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'translations.delete') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'openapi.list') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'openapi.get') printf '%s\t%s\n' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'openapi.create') printf '%s\t%s\n' '--url' 'URL the platform fetches the document from (at most 2048 characters)' '--file' 'YAML or JSON document to send (- reads stdin); checked as `openapi validate` does before sending' '--no-validate' 'send --file as it is, without checking it first (the platform still checks it)' '--wait' 'wait until the platform has processed the document; exit 1 if it could not' '--wait-timeout' 'how long --wait waits, e.g. 90s, 10m (default 5m; implies --wait)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'openapi.publish') printf '%s\t%s\n' '--url' 'URL the platform fetches the document from (at most 2048 characters)' '--file' 'YAML or JSON document to send (- reads stdin); checked as `openapi validate` does before sending' '--no-validate' 'send --file as it is, without checking it first (the platform still checks it)' '--wait' 'wait until the platform has processed the document; exit 1 if it could not' '--wait-timeout' 'how long --wait waits, e.g. 90s, 10m (default 5m; implies --wait)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'openapi.validate') : ;;
    'openapi.delete') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'openapi.versions') printf '%s\t%s\n' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'openapi.version') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'openapi.content') printf '%s\t%s\n' '--dest' 'write the document to this file (- for stdout) instead of printing it' '--force' 'with --dest, overwrite an existing file' '--dry-run' 'print the request that would be sent, and send none' ;;
    'org.pull') printf '%s\t%s\n' '--only' 'the kinds to write, comma-separated: collections, spaces, sites, teams, members, custom-fields, sso, translations, openapi (default all)' '--file' 'write the file here, atomically (default: stdout)' '-f' 'write the file here, atomically (default: stdout)' '--force' 'with --file, replace the files that exist (the file and the documents beside it)' '--portable' 'key every resource by title, slug, name or e-mail, never by id: the file plans and applies in another organization' '--concurrency' 'requests in flight at once, 1 to 64 (default 8)' ;;
    'org.plan') printf '%s\t%s\n' '--file' 'the organization file (default docplat.yaml; - reads stdin)' '-f' 'the organization file (default docplat.yaml; - reads stdin)' '--out' 'save the plan, with the live values it was computed from, for `org apply <plan>`' '--exit-code' 'exit 6 when there are changes, 0 when none' '--prune' 'delete what a managed kind has and the file neither names nor ignores (else shown as unmanaged), and what the platform deletes with it' '--concurrency' 'requests in flight at once, 1 to 64 (default 8)' ;;
    'org.apply') printf '%s\t%s\n' '--file' 'the organization file (default docplat.yaml; - reads stdin)' '-f' 'the organization file (default docplat.yaml; - reads stdin)' '--prune' 'delete what a managed kind has and the file neither names nor ignores (else shown as unmanaged), and what the platform deletes with it' '--allow-mass-delete' 'let the run delete more than half of a kind (or all of it): spaces, pages of a space, files of an export' '--dry-run' 'print the plan (stderr) and the requests (stdout) instead of sending them' '--concurrency' 'requests in flight at once, 1 to 64 (default 8)' ;;
    'org.schema') : ;;
    'integrations.list') printf '%s\t%s\n' '--search' 'only those whose name or title contains this' '--category' 'only this category: analytics, collaboration, content, marketing, visitor-auth, other, ...' '--block-domain' 'only those with a block that unfurls links of this domain (at most 100 characters)' '--blocks' 'only integrations with blocks' '--no-blocks' 'only integrations without blocks' '--content-sources' 'only integrations with content sources' '--no-content-sources' 'only integrations without content sources' '--owner' 'only those published by this organization' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'integrations.get') printf '%s\t%s\n' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'integrations.publish') printf '%s\t%s\n' '--manifest' '(required) YAML or JSON manifest (files it names are relative to it)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'integrations.unpublish') printf '%s\t%s\n' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'integrations.installations') printf '%s\t%s\n' '--external-id' 'only the installation with this external id' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'comments.list') printf '%s\t%s\n' '--status' 'open, resolved or all (default all)' '--page-id' 'only the comments on this page: its id or its path' '--author' 'only the comments of this member: user id or e-mail (repeat for several)' '--order' 'asc (oldest first) or desc (newest first, the default)' '--format' 'body format: markdown (default) or document (the JSON document)' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'comments.get') printf '%s\t%s\n' '--format' 'body format: markdown (default) or document (the JSON document)' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'comments.create') printf '%s\t%s\n' '--body' 'the body, in Markdown' '--body-file' 'read the body (Markdown) from a file; - reads stdin' '--page' 'the page: its id or its path' '--node' 'the block of the page (needs --page)' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'comments.update') printf '%s\t%s\n' '--body' 'the body, in Markdown' '--body-file' 'read the body (Markdown) from a file; - reads stdin' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'comments.resolve') printf '%s\t%s\n' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'comments.reopen') printf '%s\t%s\n' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'comments.react') printf '%s\t%s\n' '--remove' 'remove your reaction instead of adding it' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'comments.delete') printf '%s\t%s\n' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'replies.list') printf '%s\t%s\n' '--format' 'body format: markdown (default) or document (the JSON document)' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'replies.get') printf '%s\t%s\n' '--format' 'body format: markdown (default) or document (the JSON document)' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'replies.create') printf '%s\t%s\n' '--body' 'the body, in Markdown' '--body-file' 'read the body (Markdown) from a file; - reads stdin' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'replies.update') printf '%s\t%s\n' '--body' 'the body, in Markdown' '--body-file' 'read the body (Markdown) from a file; - reads stdin' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'replies.delete') printf '%s\t%s\n' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--concurrency' 'requests in flight at once (default 8)' '--dry-run' 'print the requests that would be sent, and send none' ;;
    'replies.react') printf '%s\t%s\n' '--remove' 'remove your reaction instead of adding it' '--change-request' 'act on the change request'\''s comments (its id or its number)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.list') printf '%s\t%s\n' '--status' 'only change requests with this status: draft, open, archived, merged (default open; without a space, several comma-separated)' '--creator' 'only those created by this user (an id, an e-mail, or me)' '--contributor' 'only those this user made or edited (an id, an e-mail, or me)' '--requested-reviewer' 'only those awaiting a review from this user (an id, an e-mail, or me): a reviewer'\''s inbox' '--topic' 'only those linked to this site topic' '--order-by' 'newest first by updatedAt (default) or createdAt' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.get') printf '%s\t%s\n' '--web' 'open it in the browser instead (prints the URL under CI or when no browser can be opened)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.create') printf '%s\t%s\n' '--subject' '(required) subject (at most 100 characters)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.update') printf '%s\t%s\n' '--subject' 'subject (at most 100 characters)' '--status' 'the new status: draft, open, archived' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.merge') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.rebase') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.changes') printf '%s\t%s\n' '--limit' 'most changes to list (default 10) (1 to 1000)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.diff') printf '%s\t%s\n' '--stat' 'lines added and removed per page, and the totals' '--name-only' 'only the pages and files changed, one a line (`old -> new` when moved)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.reviews') printf '%s\t%s\n' '--current' 'only the reviews that stand (not outdated)' '--requested' 'the reviewers asked for who have not reviewed yet' '--limit' 'most items to return (default 100, at most 1000 per request)' '--all' 'follow the cursor to the last page' '--cursor' 'start from this cursor (a next.page value)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.review') printf '%s\t%s\n' '--approve' 'approve it' '--request-changes' 'ask for changes' '--body' 'a comment with the review (Markdown)' '--body-file' 'the comment from a file (- for stdin)' '--dry-run' 'print the request that would be sent, and send none' ;;
    'change-requests.request-review') printf '%s\t%s\n' '--dry-run' 'print the request that would be sent, and send none' ;;
    'sandbox.serve') printf '%s\t%s\n' '--port' 'port to listen on (default: 4010; 0 picks a free one)' '--host' 'address to bind (default: 127.0.0.1)' '--data' 'keep the state in this JSON file (loaded at start, saved after each change)' '--seed' 'initial state when there is no data file: demo or empty (default: demo)' '--spaces' 'add this many spaces to the first organization (for load tests)' '--pages' 'give the first space of the first organization this many pages (for benchmarks)' '--large-file' 'add a file large.bin of this many MB to that space, generated as it streams (for benchmarks)' '--faults' 'inject faults, e.g. "429=0.1,503=0.05,reset=0.02,latency=5,seed=1"' '--allow-private-file-urls' 'let insert_files fetch a url on this machine or a private network (refused, as the platform does, by default)' ;;
    'sandbox.reset') printf '%s\t%s\n' '--seed' 'demo or empty (default: demo)' ;;
    'api') printf '%s\t%s\n' '--method' 'HTTP method: GET, HEAD, POST, PUT, PATCH, DELETE (default: GET, or POST with fields or --input)' '-X' 'HTTP method: GET, HEAD, POST, PUT, PATCH, DELETE (default: GET, or POST with fields or --input)' '--raw-field' 'a string field (repeat it); to the query for GET, else to the JSON body' '-f' 'a string field (repeat it); to the query for GET, else to the JSON body' '--field' 'a typed field: true, false, null, numbers, @file (its text), @- (stdin); key[]=v appends to an array, a.b=v nests' '-F' 'a typed field: true, false, null, numbers, @file (its text), @- (stdin); key[]=v appends to an array, a.b=v nests' '--input' 'send this file as the body, as is (- reads stdin); fields then go to the query' '--header' 'a request header, '\''Name: value'\'' (repeat it)' '-H' 'a request header, '\''Name: value'\'' (repeat it)' '--paginate' 'follow next.page to the last page: the items of every page as one JSON array (--jsonl: one per line)' '--include' 'print the status line and the response headers before the body' '-i' 'print the status line and the response headers before the body' '--dry-run' 'print the request that would be sent, and send none' ;;
    'completion') printf '%s\t%s\n' '--install' 'write the script where this shell reads it (creating the folder), and print the line your shell'\''s rc file needs, if any' ;;
  esac
  printf '%s\t%s\n' '--org' 'organization to act on (default: DOCPLAT_ORG, then the profile'\''s org)' '--token' 'API token (prefer DOCPLAT_TOKEN or `auth login`: flags show up in process lists)' '--api-url' 'API base URL (default: DOCPLAT_API_URL, the profile'\''s, then https://api.gitbook.com/v1)' '--profile' 'config profile to use (default: DOCPLAT_PROFILE, then the active one)' '--sandbox' 'run against the embedded local sandbox (state kept in the config dir)' '--json' 'print JSON (short for --output json)' '--jsonl' 'print one JSON object per line (short for --output jsonl)' '--output' 'output format: table, tsv, csv, json, jsonl, yaml (default: table on a terminal, else tsv)' '--fields' 'fields to show, comma-separated; dotted paths reach into objects (urls.app)' '--jq' 'filter the JSON output with a jq expression' '--no-color' 'no colour (also NO_COLOR)' '--debug' 'trace HTTP requests on stderr (the token is never shown)' '--yes' 'do not ask for confirmation' '-y' 'do not ask for confirmation' '--quiet' 'print no notes or summaries on stderr' '-q' 'print no notes or summaries on stderr' '--timeout' 'time limit of each request, retries included, in seconds (default: DOCPLAT_TIMEOUT, then 30)' '--retries' 'retries of a failed request when it is safe (default: 3)' '--insecure-http' 'allow sending the token over plain http to a host that is not loopback' '--no-input' 'never prompt: a missing argument or flag is an error, as when not on a terminal (also DOCPLAT_NO_INPUT)' '--help' 'show help' '-h' 'show help'
  [ -z "$1" ] && printf '%s\t%s\n' '--version' 'print the version' '-V' 'print the version'
  return 0
}

# Whether flag $2 of command $1 takes a value (status 0), and its values, if a fixed set.
_docplat_value() {
  case "$1 $2" in
    *' --org') : ;;
    *' --token') : ;;
    *' --api-url') : ;;
    *' --profile') : ;;
    *' --output') printf '%s\n' 'table' 'tsv' 'csv' 'json' 'jsonl' 'yaml' ;;
    *' --fields') : ;;
    *' --jq') : ;;
    *' --timeout') : ;;
    *' --retries') : ;;
    'orgs.list --limit') : ;;
    'orgs.list --cursor') : ;;
    'collections.list --limit') : ;;
    'collections.list --cursor') : ;;
    'collections.create --title') : ;;
    'collections.create --parent') _docplat_ids 'collection' ;;
    'collections.update --title') : ;;
    'collections.update --description') : ;;
    'collections.update --default-level') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'inherit' 'none' ;;
    'collections.delete --concurrency') : ;;
    'collections.spaces --limit') : ;;
    'collections.spaces --cursor') : ;;
    'collections.move --parent') : ;;
    'collections.move --before') : ;;
    'collections.move --after') : ;;
    'collections.transfer --to-org') : ;;
    'sites.list --space') _docplat_ids 'space' ;;
    'sites.list --title') : ;;
    'sites.list --limit') : ;;
    'sites.list --cursor') : ;;
    'sites.create --title') : ;;
    'sites.create --type') printf '%s\n' 'basic' 'premium' 'ultimate' 'sponsored' 'legacy-basic' 'legacy-premium' ;;
    'sites.create --visibility') printf '%s\n' 'public' 'unlisted' 'share-link' 'visitor-auth' ;;
    'sites.create --space') _docplat_ids 'space' ;;
    'sites.update --title') : ;;
    'sites.update --visibility') printf '%s\n' 'public' 'unlisted' 'share-link' 'visitor-auth' ;;
    'sites.update --basename') : ;;
    'sites.update --adaptive-content') printf '%s\n' 'on' 'off' ;;
    'sites.update --default-site-space') : ;;
    'sites.update --default-section') : ;;
    'sites.update --proxy') : ;;
    'sites.delete --concurrency') : ;;
    'sites.publish --concurrency') : ;;
    'sites.unpublish --concurrency') : ;;
    'sites.published --share-key') : ;;
    'sites.set-adaptive-schema --file') : ;;
    'sections.list --site') _docplat_ids 'site' ;;
    'sections.list --share-key') : ;;
    'sections.list --limit') : ;;
    'sections.list --cursor') : ;;
    'sections.create --site') _docplat_ids 'site' ;;
    'sections.create --space') _docplat_ids 'space' ;;
    'sections.create --title') : ;;
    'sections.update --site') _docplat_ids 'site' ;;
    'sections.update --title') : ;;
    'sections.update --path') : ;;
    'sections.update --default-site-space') : ;;
    'sections.update --condition') : ;;
    'sections.update --icon') : ;;
    'sections.update --description') : ;;
    'sections.delete --site') _docplat_ids 'site' ;;
    'sections.delete --concurrency') : ;;
    'sections.move --site') _docplat_ids 'site' ;;
    'sections.move --before') : ;;
    'sections.move --after') : ;;
    'section-groups.list --site') _docplat_ids 'site' ;;
    'section-groups.list --limit') : ;;
    'section-groups.list --cursor') : ;;
    'section-groups.create --site') _docplat_ids 'site' ;;
    'section-groups.create --title') : ;;
    'section-groups.create --icon') : ;;
    'section-groups.create --section') : ;;
    'section-groups.update --site') _docplat_ids 'site' ;;
    'section-groups.update --title') : ;;
    'section-groups.update --icon') : ;;
    'section-groups.delete --site') _docplat_ids 'site' ;;
    'section-groups.delete --concurrency') : ;;
    'section-groups.add-section --site') _docplat_ids 'site' ;;
    'section-groups.remove-section --site') _docplat_ids 'site' ;;
    'section-groups.remove-section --concurrency') : ;;
    'section-groups.move --site') _docplat_ids 'site' ;;
    'section-groups.move --before') : ;;
    'section-groups.move --after') : ;;
    'site-spaces.list --site') _docplat_ids 'site' ;;
    'site-spaces.list --share-key') : ;;
    'site-spaces.list --limit') : ;;
    'site-spaces.list --cursor') : ;;
    'site-spaces.add --site') _docplat_ids 'site' ;;
    'site-spaces.add --space') _docplat_ids 'space' ;;
    'site-spaces.add --section') : ;;
    'site-spaces.update --site') _docplat_ids 'site' ;;
    'site-spaces.update --path') : ;;
    'site-spaces.update --condition') : ;;
    'site-spaces.remove --site') _docplat_ids 'site' ;;
    'site-spaces.remove --concurrency') : ;;
    'site-spaces.move --site') _docplat_ids 'site' ;;
    'site-spaces.move --before') : ;;
    'site-spaces.move --after') : ;;
    'share-links.list --site') _docplat_ids 'site' ;;
    'share-links.list --limit') : ;;
    'share-links.list --cursor') : ;;
    'share-links.create --site') _docplat_ids 'site' ;;
    'share-links.create --name') : ;;
    'share-links.update --site') _docplat_ids 'site' ;;
    'share-links.update --name') : ;;
    'share-links.delete --site') _docplat_ids 'site' ;;
    'share-links.delete --concurrency') : ;;
    'spaces.list --collection') _docplat_ids 'collectionId' ;;
    'spaces.list --member') _docplat_ids 'member' ;;
    'spaces.list --limit') : ;;
    'spaces.list --cursor') : ;;
    'spaces.create --title') : ;;
    'spaces.create --emoji') : ;;
    'spaces.create --collection') _docplat_ids 'collection' ;;
    'spaces.get --share-key') : ;;
    'spaces.update --title') : ;;
    'spaces.update --emoji') : ;;
    'spaces.update --default-level') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'inherit' 'none' ;;
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
    'content.push --src') : ;;
    'content.push --change-request') : ;;
    'content.push --subject') : ;;
    'content.push --concurrency') : ;;
    'content.restore --from') : ;;
    'content.restore --into') _docplat_ids 'space' ;;
    'content.restore --change-request') : ;;
    'content.restore --files-url') : ;;
    'content.restore --concurrency') : ;;
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
    'members.invite --role') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'guest' ;;
    'members.invite --concurrency') : ;;
    'members.remove --concurrency') : ;;
    'members.set-sso --concurrency') : ;;
    'members.spaces --order') printf '%s\n' 'asc' 'desc' ;;
    'members.spaces --limit') : ;;
    'members.spaces --cursor') : ;;
    'members.teams --title') : ;;
    'members.teams --limit') : ;;
    'members.teams --cursor') : ;;
    'teams.list --owner') _docplat_ids 'member' ;;
    'teams.list --title') : ;;
    'teams.list --limit') : ;;
    'teams.list --cursor') : ;;
    'teams.create --title') : ;;
    'teams.create --member') _docplat_ids 'member' ;;
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
    'sso.create --default-team') _docplat_ids 'team' ;;
    'sso.create --default-role') printf '%s\n' 'admin' 'create' 'review' 'edit' 'comment' 'read' 'guest' ;;
    'sso.update --label') : ;;
    'sso.update --entity-id') : ;;
    'sso.update --certificate-file') : ;;
    'sso.update --sso-url') : ;;
    'sso.update --default-team') _docplat_ids 'team' ;;
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
    'org.pull --only') : ;;
    'org.pull --file'|'org.pull -f') : ;;
    'org.pull --concurrency') : ;;
    'org.plan --file'|'org.plan -f') : ;;
    'org.plan --out') : ;;
    'org.plan --concurrency') : ;;
    'org.apply --file'|'org.apply -f') : ;;
    'org.apply --concurrency') : ;;
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
    'replies.delete --change-request') : ;;
    'replies.delete --concurrency') : ;;
    'replies.react --change-request') : ;;
    'change-requests.list --status') printf '%s\n' 'draft' 'open' 'archived' 'merged' ;;
    'change-requests.list --creator') : ;;
    'change-requests.list --contributor') : ;;
    'change-requests.list --requested-reviewer') : ;;
    'change-requests.list --topic') : ;;
    'change-requests.list --order-by') printf '%s\n' 'updatedAt' 'createdAt' ;;
    'change-requests.list --limit') : ;;
    'change-requests.list --cursor') : ;;
    'change-requests.create --subject') : ;;
    'change-requests.update --subject') : ;;
    'change-requests.update --status') printf '%s\n' 'draft' 'open' 'archived' ;;
    'change-requests.changes --limit') : ;;
    'change-requests.reviews --limit') : ;;
    'change-requests.reviews --cursor') : ;;
    'change-requests.review --body') : ;;
    'change-requests.review --body-file') : ;;
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
    'collections.get 0') _docplat_ids 'collectionId' ;;
    'collections.update 0') _docplat_ids 'collectionId' ;;
    'collections.delete 0'|'collections.delete '*) _docplat_ids 'collectionId' ;;
    'collections.spaces 0') _docplat_ids 'collectionId' ;;
    'collections.move 0') _docplat_ids 'collectionId' ;;
    'collections.transfer 0') _docplat_ids 'collectionId' ;;
    'sites.get 0') _docplat_ids 'siteId' ;;
    'sites.update 0') _docplat_ids 'siteId' ;;
    'sites.delete 0'|'sites.delete '*) _docplat_ids 'siteId' ;;
    'sites.publish 0'|'sites.publish '*) _docplat_ids 'siteId' ;;
    'sites.unpublish 0'|'sites.unpublish '*) _docplat_ids 'siteId' ;;
    'sites.published 0') _docplat_ids 'siteId' ;;
    'sites.adaptive-schema 0') _docplat_ids 'siteId' ;;
    'sites.set-adaptive-schema 0') _docplat_ids 'siteId' ;;
    'sites.tree 0') _docplat_ids 'siteId' ;;
    'spaces.get 0') _docplat_ids 'spaceId' ;;
    'spaces.update 0') _docplat_ids 'spaceId' ;;
    'spaces.lock 0'|'spaces.lock '*) _docplat_ids 'spaceId' ;;
    'spaces.unlock 0'|'spaces.unlock '*) _docplat_ids 'spaceId' ;;
    'spaces.delete 0'|'spaces.delete '*) _docplat_ids 'spaceId' ;;
    'spaces.restore 0'|'spaces.restore '*) _docplat_ids 'spaceId' ;;
    'spaces.duplicate 0') _docplat_ids 'spaceId' ;;
    'spaces.move 0') _docplat_ids 'spaceId' ;;
    'spaces.transfer 0'|'spaces.transfer '*) _docplat_ids 'spaceId' ;;
    'spaces.links 0') _docplat_ids 'spaceId' ;;
    'spaces.search 0') _docplat_ids 'spaceId' ;;
    'content.get 0') _docplat_ids 'spaceId' ;;
    'content.import 0') _docplat_ids 'spaceId' ;;
    'content.export 0') _docplat_ids 'spaceId' ;;
    'content.push 0') _docplat_ids 'spaceId' ;;
    'pages.list 0') _docplat_ids 'spaceId' ;;
    'pages.get 0') _docplat_ids 'spaceId' ;;
    'pages.links 0') _docplat_ids 'spaceId' ;;
    'files.list 0') _docplat_ids 'spaceId' ;;
    'files.get 0') _docplat_ids 'spaceId' ;;
    'files.backlinks 0') _docplat_ids 'spaceId' ;;
    'files.download 0') _docplat_ids 'spaceId' ;;
    'teams.get 0') _docplat_ids 'teamId' ;;
    'teams.rename 0') _docplat_ids 'teamId' ;;
    'teams.delete 0'|'teams.delete '*) _docplat_ids 'teamId' ;;
    'teams.members 0') _docplat_ids 'teamId' ;;
    'teams.add 0') _docplat_ids 'teamId' ;;
    'teams.remove 0') _docplat_ids 'teamId' ;;
    'teams.set-role 0') _docplat_ids 'teamId' ;;
    'custom-fields.values 0') _docplat_ids 'spaceId' ;;
    'custom-fields.set 0') _docplat_ids 'spaceId' ;;
    'comments.list 0') _docplat_ids 'spaceId' ;;
    'comments.get 0') _docplat_ids 'spaceId' ;;
    'comments.create 0') _docplat_ids 'spaceId' ;;
    'comments.update 0') _docplat_ids 'spaceId' ;;
    'comments.resolve 0') _docplat_ids 'spaceId' ;;
    'comments.reopen 0') _docplat_ids 'spaceId' ;;
    'comments.react 0') _docplat_ids 'spaceId' ;;
    'comments.delete 0') _docplat_ids 'spaceId' ;;
    'replies.list 0') _docplat_ids 'spaceId' ;;
    'replies.get 0') _docplat_ids 'spaceId' ;;
    'replies.create 0') _docplat_ids 'spaceId' ;;
    'replies.update 0') _docplat_ids 'spaceId' ;;
    'replies.delete 0') _docplat_ids 'spaceId' ;;
    'replies.react 0') _docplat_ids 'spaceId' ;;
    'change-requests.list 0') _docplat_ids 'spaceId' ;;
    'change-requests.get 0') _docplat_ids 'spaceId' ;;
    'change-requests.create 0') _docplat_ids 'spaceId' ;;
    'change-requests.update 0') _docplat_ids 'spaceId' ;;
    'change-requests.merge 0') _docplat_ids 'spaceId' ;;
    'change-requests.rebase 0') _docplat_ids 'spaceId' ;;
    'change-requests.changes 0') _docplat_ids 'spaceId' ;;
    'change-requests.diff 0') _docplat_ids 'spaceId' ;;
    'change-requests.reviews 0') _docplat_ids 'spaceId' ;;
    'change-requests.review 0') _docplat_ids 'spaceId' ;;
    'change-requests.request-review 0') _docplat_ids 'spaceId' ;;
    'change-requests.request-review 2'|'change-requests.request-review '*) _docplat_ids 'member' ;;
    'completion 0') printf '%s\n' 'bash' 'zsh' 'fish' ;;
  esac
}

# What may come at the cursor: $1 is the word being typed, the others the words before it.
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
      --org=*) _docplat_org=${w#*=} ;;
      --profile=*) _docplat_profile=${w#*=} ;;
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
    t=${t%%$'\t'*}   # word<TAB>description: bash offers the word
    [[ -n $t && $t == "$cur"* ]] && COMPREPLY+=("${t#"$pre"}")
  done < <(_docplat_candidates "${w[${#w[@]}-1]}" "${w[@]:0:${#w[@]}-1}")
}

complete -o default -F _docplat docplat
