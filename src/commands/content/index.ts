// docplat content <verb>: a space's (or change request's) revision, imports,
// and `content export`, which writes the whole space as Markdown files.
import { IMPORT_SOURCES } from '../../api/enums.js';
import { IMPORT_DETAIL, REVISION_DETAIL } from '../../resources/content.js';
import { defineCommand, type CommandDef } from '../define.js';
import { EXPORT_COMMAND } from './export.js';
import { PUSH_COMMAND } from './push.js';
import { RESTORE_COMMAND } from './restore.js';
import { SPACE_ID, changeRequestFlag } from './shared.js';

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'get',
    summary: 'show the current revision of a space (or of a change request)',
    examples: ['get <spaceId>', 'get <spaceId> --json', 'get <spaceId> --change-request 2 --fields id,parents'],
    args: SPACE_ID,
    flags: { changeRequest: changeRequestFlag('content.get.cr') },
    operation: 'content.get',
    output: { item: REVISION_DETAIL },
  }),
  defineCommand({
    name: 'import',
    summary: 'import content into a space (or a change request) from a URL',
    help: `--source is one of: ${IMPORT_SOURCES.join(', ')}. An import creates a revision: when its outcome
is unknown (the connection broke after sending), it is not sent again; check the space first.`,
    examples: ['import <spaceId> --url https://example.com/docs --source website', 'import <spaceId> --url https://example.com/a.md --source markdown --change-request 3'],
    args: SPACE_ID,
    flags: {
      url: { flags: '--url <url>', description: 'where the content is (http or https URL)', body: 'url', required: true, nonBlank: true },
      source: { flags: '--source <source>', description: 'kind of source, e.g. website, markdown, docx, notion', body: 'source', required: true, nonBlank: true },
      changeRequest: changeRequestFlag('content.import.cr'),
    },
    operation: 'content.import',
    output: { item: IMPORT_DETAIL },
  }),
  EXPORT_COMMAND as CommandDef,
  PUSH_COMMAND as CommandDef,
  RESTORE_COMMAND as CommandDef,
];
