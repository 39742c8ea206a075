// docplat files <verb>: the files of a space (or a change request), their
// backlinks, and a download that streams the bytes to disk or stdout.
import { resolve } from 'node:path';
import { UsageError } from '../../errors.js';
import { BACKLINK_COLUMNS, FILE_COLUMNS, FILE_DETAIL } from '../../resources/content.js';
import { inside, localFileName } from '../../files/paths.js';
import { SPACE_ID, changeRequestFlag, contentRequest } from '../content/shared.js';
import { defineCommand, type CommandDef } from '../define.js';
import { downloadTo, downloadToStdout, exists, isDevice, isDirectory } from './download.js';
import { downloadAll, findFile } from './fetch.js';

const FILE_ARGS = [{ name: 'spaceId', param: 'spaceId' }, { name: 'fileId', param: 'fileId' }];

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the files of a space',
    examples: ['list <spaceId>', 'list <spaceId> --all --jsonl', 'list <spaceId> --change-request 2'],
    args: SPACE_ID,
    flags: { changeRequest: changeRequestFlag('files.list.cr') },
    operation: 'files.list',
    output: { list: FILE_COLUMNS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show a file (name, type, size, download URL)',
    examples: ['get <spaceId> <fileId>', 'get <spaceId> <fileId> --json'],
    args: FILE_ARGS,
    flags: { changeRequest: changeRequestFlag('files.get.cr') },
    operation: 'files.get',
    output: { item: FILE_DETAIL },
  }),
  defineCommand({
    name: 'backlinks',
    summary: 'list the pages that refer to a file',
    examples: ['backlinks <spaceId> <fileId>'],
    args: FILE_ARGS,
    flags: { changeRequest: changeRequestFlag('files.backlinks.cr') },
    operation: 'files.backlinks',
    output: { list: BACKLINK_COLUMNS },
  }),
  defineCommand({
    name: 'download',
    summary: "download a file's bytes (to its name in the current folder by default), or --all files of a space",
    help: `The file is given by its id or its name. --dest is a file path, an existing folder (the file's
name is written into it), or - for stdout. An existing file is kept unless --force. The bytes go
to a temporary file renamed when complete, and stop at the answer's Content-Length (or the file's
size and a margin); a transfer that ends short fails. The download URL may be on another host,
which never receives the API token.

--all downloads every file of the space into --dest (a folder, created if missing; default the
current folder), --concurrency at a time; files already there at their size are skipped, so a
re-run finishes an interrupted one.`,
    examples: ['download <spaceId> <fileId> --dest ./assets/', 'download <spaceId> diagram.png --dest - > diagram.png', 'download <spaceId> --all --dest ./assets'],
    args: [FILE_ARGS[0], { ...FILE_ARGS[1], optional: true, description: 'the file id or name' }],
    flags: {
      dest: { flags: '--dest <path>', description: 'file path, existing folder, or - for stdout (default: the file name in the current folder)' },
      force: { flags: '--force', description: 'overwrite an existing file' },
      all: { flags: '--all', description: 'every file of the space, into the --dest folder' },
      concurrency: { flags: '--concurrency <n>', description: 'with --all: downloads at once (default 8, at most 64)' },
      changeRequest: changeRequestFlag('files.get.cr'),
    },
    operation: 'files.get',
    async run(ctx, { args, opts }) {
      const [spaceId, ref] = args;
      const where = { spaceId, changeRequest: opts.changeRequest };
      const dest = opts.dest;
      if (dest !== undefined && !dest.trim()) throw new UsageError('--dest is empty');
      const concurrency = ctx.api.bulk.concurrency(opts.concurrency);
      if (opts.all) {
        if (ref !== undefined) throw new UsageError('give a file or --all, not both');
        if (dest === '-') throw new UsageError('--all writes files into a folder: --dest - is not one');
        const request = contentRequest(ctx, 'files.list', where);
        if (opts.dryRun) return ctx.api.dryRun([request]);
        return downloadAll(ctx, where, dest, { force: !!opts.force, concurrency });
      }
      if (ref === undefined) throw new UsageError("missing required argument 'fileId' (a file id or name), or --all");
      if (opts.concurrency !== undefined) throw new UsageError('--concurrency only applies with --all');
      const toStdout = dest === '-';
      // A file's bytes are not text for a terminal: escape sequences in them would act on it (as curl, docplat refuses).
      if (toStdout && ctx.output.dataAsked) throw new UsageError("--dest - writes the file's bytes to stdout: it cannot be used with --json, --jsonl, --output, --fields or --jq");
      if (toStdout && ctx.io.stdoutTTY) throw new UsageError("--dest - writes the file's bytes to stdout, which is a terminal: redirect it (> file) or give --dest <path>");
      // Where the bytes go, checked before anything is sent when the path is known.
      let folder: string | undefined;
      let target: string | undefined;
      let device: string | undefined;
      if (!toStdout) {
        if (dest === undefined) folder = resolve('.');
        else if (await isDirectory(dest)) folder = resolve(dest);
        else {
          target = resolve(dest);
          if (/[/\\]$/.test(dest) || !(await isDirectory(resolve(target, '..')))) throw new UsageError(`--dest: the folder ${resolve(dest, /[/\\]$/.test(dest) ? '.' : '..')} does not exist`);
          // A device or a pipe (/dev/null) is written into: renaming a temporary file over it would replace it.
          if (await isDevice(target)) device = target;
          else if (!opts.force && (await exists(target))) throw new UsageError(`--dest: ${target} exists; use --force to overwrite it`);
        }
      }
      if (opts.dryRun) {
        await ctx.api.dryRun([contentRequest(ctx, 'files.get', where, { fileId: ref })]);
        ctx.output.note('then: GET the file\'s downloadURL (without the token)');
        return;
      }
      const file = await findFile(ctx, where, ref);
      if (toStdout || device !== undefined) {
        await downloadToStdout(ctx, file, device);
        return;
      }
      if (folder !== undefined) {
        target = inside(folder, localFileName(file));
        if (await isDirectory(target)) throw new UsageError(`${target} is a folder; use --dest to choose another path`);
        if (!opts.force && (await exists(target))) throw new UsageError(`${target} exists; use --force to overwrite it, or --dest to choose another path`);
      }
      const bytes = await downloadTo(ctx, file, target!, { progress: true, replace: !!opts.force });
      ctx.output.note(`Downloaded ${file.name} (${bytes} bytes) to ${target}`);
      if (ctx.output.dataAsked) await ctx.output.item({ id: file.id, name: file.name, bytes, path: target }, []);
    },
  }),
];
