# docplat shell completion, generated from the command manifest by `npm run build`: do not edit.
# fish: copy it to ~/.config/fish/completions/docplat.fish

set -g __docplat_value_flags '--org' '--token' '--api-url' '--profile' '--output' '--fields' '--jq' '--timeout' '--retries' '--limit' '--cursor' '--title' '--parent' '--description' '--default-level' '--concurrency' '--before' '--after' '--to-org' '--collection' '--member' '--emoji' '--share-key' '--edit-mode' '--status' '--port' '--host' '--data' '--seed' '--spaces' '--faults' '--method' '-X' '--raw-field' '-f' '--field' '-F' '--input' '--header' '-H'

# The words typed so far that are not flags or flag values.
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

complete -c docplat -f
complete -c docplat -l version -s V -d 'print the version'
complete -c docplat -l org -r -d 'organization to act on (default: DOCPLAT_ORG, then the profile\'s org)'
complete -c docplat -l token -r -d 'API token (prefer DOCPLAT_TOKEN or `auth login`: flags show up in process lists)'
complete -c docplat -l api-url -r -d 'API base URL (default: DOCPLAT_API_URL, the profile\'s, then https://api.gitbook.com/v1)'
complete -c docplat -l profile -r -d 'config profile to use (default: DOCPLAT_PROFILE, then the active one)'
complete -c docplat -l sandbox -d 'run against the embedded local sandbox (state kept in the config dir)'
complete -c docplat -l json -d 'print JSON (short for --output json)'
complete -c docplat -l jsonl -d 'print one JSON object per line (short for --output jsonl)'
complete -c docplat -l output -x -a 'table tsv csv json jsonl' -d 'output format: table, tsv, csv, json, jsonl (default: table on a terminal, else tsv)'
complete -c docplat -l fields -r -d 'fields to show, comma-separated; dotted paths reach into objects (urls.app)'
complete -c docplat -l jq -r -d 'filter the JSON output with a jq expression'
complete -c docplat -l no-color -d 'no colour (also NO_COLOR)'
complete -c docplat -l debug -d 'trace HTTP requests on stderr (the token is never shown)'
complete -c docplat -l yes -s y -d 'do not ask for confirmation'
complete -c docplat -l quiet -s q -d 'print no notes or summaries on stderr'
complete -c docplat -l timeout -r -d 'time limit of each request, in seconds (default: DOCPLAT_TIMEOUT, then 30)'
complete -c docplat -l retries -r -d 'retries of a failed request when it is safe (default: 3)'
complete -c docplat -l insecure-http -d 'allow sending the token over plain http to a host that is not loopback'
complete -c docplat -l no-input -d 'never prompt: a missing argument or flag is an error, as when not on a terminal (also DOCPLAT_NO_INPUT)'
complete -c docplat -s h -l help -d 'show help'
complete -c docplat -n '__fish_use_subcommand' -a 'auth' -d 'Log in and out, and show the active credentials'
complete -c docplat -n '__fish_use_subcommand' -a 'config' -d 'Read and change the local configuration'
complete -c docplat -n '__fish_use_subcommand' -a 'orgs' -d 'List your organizations'
complete -c docplat -n '__fish_use_subcommand' -a 'collections' -d 'Manage collections of spaces'
complete -c docplat -n '__fish_use_subcommand' -a 'spaces' -d 'Manage spaces: list, create, lock, delete, restore, move, transfer'
complete -c docplat -n '__fish_use_subcommand' -a 'sandbox' -d 'Run the local API emulator'
complete -c docplat -n '__fish_use_subcommand' -a 'api' -d 'Make any API call, with docplat\'s auth, errors and pagination'
complete -c docplat -n '__fish_use_subcommand' -a 'completion' -d 'Print the shell completion script (bash, zsh or fish)'
complete -c docplat -n '__docplat_verb_next auth' -a 'login' -d 'store a token in the profile (prompts for it on a terminal)'
complete -c docplat -n '__docplat_verb_next auth' -a 'logout' -d 'remove the profile\'s token'
complete -c docplat -n '__docplat_verb_next auth' -a 'status' -d 'show the profile, API URL, organization, user and where the token comes from (never the token)'
complete -c docplat -n '__docplat_verb_next auth' -a 'token' -d 'print the active token (for scripts)'
complete -c docplat -n '__docplat_verb_next config' -a 'get' -d 'print a value of the active profile'
complete -c docplat -n '__docplat_verb_next config' -a 'set' -d 'set a value in the active profile'
complete -c docplat -n '__docplat_verb_next config' -a 'unset' -d 'remove a value from the active profile'
complete -c docplat -n '__docplat_verb_next config' -a 'list' -d 'list the values of every profile (the token shows only as set or not)'
complete -c docplat -n '__docplat_verb_next config' -a 'ls' -d 'list the values of every profile (the token shows only as set or not)'
complete -c docplat -n '__docplat_verb_next config' -a 'path' -d 'print the path of the config file'
complete -c docplat -n '__docplat_verb_next orgs' -a 'list' -d 'list the organizations you belong to'
complete -c docplat -n '__docplat_verb_next orgs' -a 'ls' -d 'list the organizations you belong to'
complete -c docplat -n '__docplat_verb_next orgs' -a 'ping' -d 'ping the organization (returns visitor claims when the platform has some)'
complete -c docplat -n '__docplat_verb_next collections' -a 'list' -d 'list the organization\'s collections'
complete -c docplat -n '__docplat_verb_next collections' -a 'ls' -d 'list the organization\'s collections'
complete -c docplat -n '__docplat_verb_next collections' -a 'get' -d 'show a collection'
complete -c docplat -n '__docplat_verb_next collections' -a 'create' -d 'create a collection'
complete -c docplat -n '__docplat_verb_next collections' -a 'update' -d 'change the title, description or default level of a collection'
complete -c docplat -n '__docplat_verb_next collections' -a 'delete' -d 'delete collections (their spaces are deleted with them, restorable for 7 days)'
complete -c docplat -n '__docplat_verb_next collections' -a 'rm' -d 'delete collections (their spaces are deleted with them, restorable for 7 days)'
complete -c docplat -n '__docplat_verb_next collections' -a 'spaces' -d 'list the spaces of a collection'
complete -c docplat -n '__docplat_verb_next collections' -a 'move' -d 'move a collection to another parent or position'
complete -c docplat -n '__docplat_verb_next collections' -a 'transfer' -d 'transfer a collection to another organization'
complete -c docplat -n '__docplat_verb_next spaces' -a 'list' -d 'list the organization\'s spaces, or those of a collection or a member'
complete -c docplat -n '__docplat_verb_next spaces' -a 'ls' -d 'list the organization\'s spaces, or those of a collection or a member'
complete -c docplat -n '__docplat_verb_next spaces' -a 'create' -d 'create a space in the organization'
complete -c docplat -n '__docplat_verb_next spaces' -a 'get' -d 'show a space'
complete -c docplat -n '__docplat_verb_next spaces' -a 'update' -d 'change the title, emoji, default level or edit mode of a space'
complete -c docplat -n '__docplat_verb_next spaces' -a 'lock' -d 'lock spaces (editMode locked)'
complete -c docplat -n '__docplat_verb_next spaces' -a 'unlock' -d 'unlock spaces (editMode live)'
complete -c docplat -n '__docplat_verb_next spaces' -a 'delete' -d 'delete spaces (restorable for 7 days)'
complete -c docplat -n '__docplat_verb_next spaces' -a 'rm' -d 'delete spaces (restorable for 7 days)'
complete -c docplat -n '__docplat_verb_next spaces' -a 'restore' -d 'restore deleted spaces (within 7 days of deletion)'
complete -c docplat -n '__docplat_verb_next spaces' -a 'duplicate' -d 'make a copy of a space'
complete -c docplat -n '__docplat_verb_next spaces' -a 'move' -d 'move a space to another collection or position'
complete -c docplat -n '__docplat_verb_next spaces' -a 'transfer' -d 'transfer spaces to another organization'
complete -c docplat -n '__docplat_verb_next spaces' -a 'links' -d 'list the links found in a space'
complete -c docplat -n '__docplat_verb_next spaces' -a 'search' -d 'search the content of a space'
complete -c docplat -n '__docplat_verb_next sandbox' -a 'serve' -d 'run the local API emulator until interrupted, and print its URL and token'
complete -c docplat -n '__docplat_verb_next sandbox' -a 'reset' -d 'empty the embedded sandbox (used by --sandbox) and start again from a seed'
complete -c docplat -n '__docplat_at auth login' -l with-token -d 'read the token from stdin (for scripts: echo "$TOKEN" | docplat auth login --with-token)'
complete -c docplat -n '__docplat_at orgs list ls' -l limit -r -d 'most items to return (default 100, at most 1000 per request)'
complete -c docplat -n '__docplat_at orgs list ls' -l all -d 'follow the cursor to the last page'
complete -c docplat -n '__docplat_at orgs list ls' -l cursor -r -d 'start from this cursor (a next.page value)'
complete -c docplat -n '__docplat_at orgs list ls' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_at orgs ping' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_at collections list ls' -l no-nested -d 'only top-level collections'
complete -c docplat -n '__docplat_at collections list ls' -l limit -r -d 'most items to return (default 100, at most 1000 per request)'
complete -c docplat -n '__docplat_at collections list ls' -l all -d 'follow the cursor to the last page'
complete -c docplat -n '__docplat_at collections list ls' -l cursor -r -d 'start from this cursor (a next.page value)'
complete -c docplat -n '__docplat_at collections list ls' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_at collections get' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 collections get' -a '(docplat __ids \'collectionId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at collections create' -l title -r -d 'title (at most 50 characters)'
complete -c docplat -n '__docplat_at collections create' -l parent -x -a '(docplat __ids \'collection\' 2>/dev/null)' -d 'create it inside this collection'
complete -c docplat -n '__docplat_at collections create' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_at collections update' -l title -r -d 'title (at most 50 characters)'
complete -c docplat -n '__docplat_at collections update' -l description -r -d 'description (at most 100 characters)'
complete -c docplat -n '__docplat_at collections update' -l default-level -x -a 'admin create review edit comment read none' -d 'default role for its content: admin, create, review, edit, comment, read, or none'
complete -c docplat -n '__docplat_at collections update' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 collections update' -a '(docplat __ids \'collectionId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at collections delete rm' -l concurrency -r -d 'requests in flight at once (default 8)'
complete -c docplat -n '__docplat_at collections delete rm' -l dry-run -d 'print the requests that would be sent, and send none'
complete -c docplat -n '__docplat_arg -ge 0 collections delete rm' -a '(docplat __ids \'collectionId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at collections spaces' -l limit -r -d 'most items to return (default 100, at most 1000 per request)'
complete -c docplat -n '__docplat_at collections spaces' -l all -d 'follow the cursor to the last page'
complete -c docplat -n '__docplat_at collections spaces' -l cursor -r -d 'start from this cursor (a next.page value)'
complete -c docplat -n '__docplat_at collections spaces' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 collections spaces' -a '(docplat __ids \'collectionId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at collections move' -l parent -r -d 'move into this collection'
complete -c docplat -n '__docplat_at collections move' -l root -d 'move to the top level of the organization'
complete -c docplat -n '__docplat_at collections move' -l before -r -d 'place before this collection (prefix space: for a space)'
complete -c docplat -n '__docplat_at collections move' -l after -r -d 'place after this collection (prefix space: for a space)'
complete -c docplat -n '__docplat_at collections move' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 collections move' -a '(docplat __ids \'collectionId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at collections transfer' -l to-org -r -d 'organization that receives the collection'
complete -c docplat -n '__docplat_at collections transfer' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 collections transfer' -a '(docplat __ids \'collectionId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces list ls' -l collection -x -a '(docplat __ids \'collectionId\' 2>/dev/null)' -d 'only the spaces of this collection'
complete -c docplat -n '__docplat_at spaces list ls' -l member -x -a '(docplat __ids \'member\' 2>/dev/null)' -d 'only the spaces this member can access, with their permission'
complete -c docplat -n '__docplat_at spaces list ls' -l limit -r -d 'most items to return (default 100, at most 1000 per request)'
complete -c docplat -n '__docplat_at spaces list ls' -l all -d 'follow the cursor to the last page'
complete -c docplat -n '__docplat_at spaces list ls' -l cursor -r -d 'start from this cursor (a next.page value)'
complete -c docplat -n '__docplat_at spaces list ls' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_at spaces create' -l title -r -d 'title (at most 50 characters)'
complete -c docplat -n '__docplat_at spaces create' -l emoji -r -d 'emoji shown with the title'
complete -c docplat -n '__docplat_at spaces create' -l collection -x -a '(docplat __ids \'collection\' 2>/dev/null)' -d 'create it in this collection'
complete -c docplat -n '__docplat_at spaces create' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_at spaces get' -l share-key -r -d 'share-link key that resolves the published URLs'
complete -c docplat -n '__docplat_at spaces get' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 spaces get' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces update' -l title -r -d 'title (at most 50 characters)'
complete -c docplat -n '__docplat_at spaces update' -l emoji -r -d 'emoji shown with the title'
complete -c docplat -n '__docplat_at spaces update' -l default-level -x -a 'admin create review edit comment read none' -d 'default role for the content: admin, create, review, edit, comment, read, or none'
complete -c docplat -n '__docplat_at spaces update' -l edit-mode -x -a 'live locked' -d 'live (edit directly) or locked (all edits locked)'
complete -c docplat -n '__docplat_at spaces update' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 spaces update' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces lock' -l concurrency -r -d 'requests in flight at once (default 8)'
complete -c docplat -n '__docplat_at spaces lock' -l dry-run -d 'print the requests that would be sent, and send none'
complete -c docplat -n '__docplat_arg -ge 0 spaces lock' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces unlock' -l concurrency -r -d 'requests in flight at once (default 8)'
complete -c docplat -n '__docplat_at spaces unlock' -l dry-run -d 'print the requests that would be sent, and send none'
complete -c docplat -n '__docplat_arg -ge 0 spaces unlock' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces delete rm' -l concurrency -r -d 'requests in flight at once (default 8)'
complete -c docplat -n '__docplat_at spaces delete rm' -l dry-run -d 'print the requests that would be sent, and send none'
complete -c docplat -n '__docplat_arg -ge 0 spaces delete rm' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces restore' -l concurrency -r -d 'requests in flight at once (default 8)'
complete -c docplat -n '__docplat_at spaces restore' -l dry-run -d 'print the requests that would be sent, and send none'
complete -c docplat -n '__docplat_arg -ge 0 spaces restore' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces duplicate' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 spaces duplicate' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces move' -l parent -r -d 'move into this collection'
complete -c docplat -n '__docplat_at spaces move' -l root -d 'move to the top level of the organization'
complete -c docplat -n '__docplat_at spaces move' -l before -r -d 'place before this space (prefix collection: for a collection)'
complete -c docplat -n '__docplat_at spaces move' -l after -r -d 'place after this space (prefix collection: for a collection)'
complete -c docplat -n '__docplat_at spaces move' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 spaces move' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces transfer' -l to-org -r -d 'organization that receives the spaces'
complete -c docplat -n '__docplat_at spaces transfer' -l concurrency -r -d 'requests in flight at once (default 8)'
complete -c docplat -n '__docplat_at spaces transfer' -l dry-run -d 'print the requests that would be sent, and send none'
complete -c docplat -n '__docplat_arg -ge 0 spaces transfer' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces links' -l status -x -a 'ok broken in-app' -d 'only links with this status: ok, broken, in-app'
complete -c docplat -n '__docplat_at spaces links' -l limit -r -d 'most items to return (default 100, at most 1000 per request)'
complete -c docplat -n '__docplat_at spaces links' -l all -d 'follow the cursor to the last page'
complete -c docplat -n '__docplat_at spaces links' -l cursor -r -d 'start from this cursor (a next.page value)'
complete -c docplat -n '__docplat_at spaces links' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 spaces links' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at spaces search' -l limit -r -d 'most items to return (default 100, at most 1000 per request)'
complete -c docplat -n '__docplat_at spaces search' -l all -d 'follow the cursor to the last page'
complete -c docplat -n '__docplat_at spaces search' -l cursor -r -d 'start from this cursor (a next.page value)'
complete -c docplat -n '__docplat_at spaces search' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 spaces search' -a '(docplat __ids \'spaceId\' 2>/dev/null)'
complete -c docplat -n '__docplat_at sandbox serve' -l port -r -d 'port to listen on (default: 4010; 0 picks a free one)'
complete -c docplat -n '__docplat_at sandbox serve' -l host -r -d 'address to bind (default: 127.0.0.1)'
complete -c docplat -n '__docplat_at sandbox serve' -l data -r -d 'keep the state in this JSON file (loaded at start, saved after each change)'
complete -c docplat -n '__docplat_at sandbox serve' -l seed -r -d 'initial state when there is no data file: demo or empty (default: demo)'
complete -c docplat -n '__docplat_at sandbox serve' -l spaces -r -d 'add this many spaces to the first organization (for load tests)'
complete -c docplat -n '__docplat_at sandbox serve' -l faults -r -d 'inject faults, e.g. "429=0.1,503=0.05,reset=0.02,latency=5,seed=1"'
complete -c docplat -n '__docplat_at sandbox reset' -l seed -r -d 'demo or empty (default: demo)'
complete -c docplat -n '__docplat_at api' -l method -s X -x -a 'GET HEAD POST PUT PATCH DELETE' -d 'HTTP method: GET, HEAD, POST, PUT, PATCH, DELETE (default: GET, or POST with fields or --input)'
complete -c docplat -n '__docplat_at api' -l raw-field -s f -r -d 'a string field (repeat it); to the query for GET, else to the JSON body'
complete -c docplat -n '__docplat_at api' -l field -s F -r -d 'a typed field: true, false, null, numbers, @file (its text), @- (stdin); key[]=v appends to an array, a.b=v nests'
complete -c docplat -n '__docplat_at api' -l input -r -d 'send this file as the body, as is (- reads stdin); fields then go to the query'
complete -c docplat -n '__docplat_at api' -l header -s H -r -d 'a request header, \'Name: value\' (repeat it)'
complete -c docplat -n '__docplat_at api' -l paginate -d 'follow next.page to the last page: the items of every page as one JSON array (--jsonl: one per line)'
complete -c docplat -n '__docplat_at api' -l include -s i -d 'print the status line and the response headers before the body'
complete -c docplat -n '__docplat_at api' -l dry-run -d 'print the request that would be sent, and send none'
complete -c docplat -n '__docplat_arg -eq 0 completion' -a 'bash zsh fish'
