// docplat share-links <verb> --site <siteId>: declarations; the runner does the work.
import { SHARE_LINK_COLUMNS, SHARE_LINK_DETAIL } from '../../resources/sites.js';
import { defineCommand, type CommandDef } from '../define.js';
import { SITE } from '../sites/common.js';

const SHARE_LINK_ID = [{ name: 'shareLinkId' }];
const NAME = { flags: '--name <name>', description: 'name', body: 'name', nonBlank: true } as const;

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: "list a site's share links (their URLs hold the secret: --fields urls.published shows them)",
    examples: ['list --site <siteId>', "list --site <siteId> --jq '.[] | select(.active | not) | .id'"],
    flags: { site: SITE },
    operation: 'shareLinks.list',
    output: { list: SHARE_LINK_COLUMNS },
  }),
  defineCommand({
    name: 'create',
    summary: 'create a share link; prints its published URL, which holds the secret key',
    examples: ['create --site <siteId> --name "Partner A"', 'create --site <siteId> --name "Partner A" --jq .urls.published'],
    flags: { site: SITE, name: { ...NAME, required: true } },
    operation: 'shareLinks.create',
    output: { item: SHARE_LINK_DETAIL },
  }),
  defineCommand({
    name: 'update',
    summary: 'rename a share link, or turn it on or off',
    examples: ['update <shareLinkId> --site <siteId> --inactive', 'update <shareLinkId> --site <siteId> --name "Partner A (2025)" --active'],
    args: SHARE_LINK_ID,
    flags: {
      site: SITE,
      name: NAME,
      active: { flags: '--active', description: 'turn the link on', body: 'active', value: true },
      inactive: { flags: '--inactive', description: 'turn the link off (its URL stops working)', body: 'active', value: false },
    },
    operation: 'shareLinks.update',
    output: { item: SHARE_LINK_DETAIL },
  }),
  defineCommand({
    name: 'delete',
    aliases: ['rm'],
    summary: 'delete share links (their URLs stop working)',
    examples: ['delete <shareLinkId> <shareLinkId> --site <siteId> --yes', "list --site <siteId> --jq '.[] | select(.active | not) | .id' | docplat share-links delete - --site <siteId> --yes"],
    args: SHARE_LINK_ID,
    flags: { site: SITE },
    operation: 'shareLinks.delete',
    bulk: { what: 'share link', done: 'deleted' },
    confirm: 'Delete',
  }),
];
