// docplat integrations <verb>: declarations; the manifest of publish is read in manifest.ts.
import { AuthError, type ApiError } from '../../errors.js';
import { INSTALLATION_COLUMNS, INSTALLATION_FIELDS, INTEGRATION_COLUMNS, INTEGRATION_DETAIL, INTEGRATION_FIELDS } from '../../resources/integrations.js';
import { defineCommand, type Arg, type CommandDef } from '../define.js';
import { manifestRequest } from './manifest.js';

const NAME: Arg = { name: 'integration', param: 'integrationName', description: 'the integration name (letters, digits, -, _ and .)' };

/** A user token at the installations endpoint: say which token the platform wants there. */
function installationsRefused(err: ApiError): Error | undefined {
  if (err.status !== 401 && err.status !== 403) return undefined;
  return new AuthError(
    `the platform lists installations only for the integration's own token, and refused this one (${err.status}${err.apiMessage ? `: ${err.apiMessage.replace(/\.$/, '')}` : ''}); pass the integration's token with --token or DOCPLAT_TOKEN`,
  );
}

export const COMMANDS: CommandDef[] = [
  defineCommand({
    name: 'list',
    aliases: ['ls'],
    summary: 'list the integrations of the catalogue (public ones, and those of your organizations)',
    examples: ['list --category analytics', 'list --blocks --block-domain youtube.com', 'list --owner <orgId> --no-content-sources --json'],
    flags: {
      search: { flags: '--search <text>', description: 'only those whose name or title contains this', query: 'search', nonBlank: true },
      category: { flags: '--category <category>', description: 'only this category: analytics, collaboration, content, marketing, visitor-auth, other, ...', query: 'category' },
      blockDomain: { flags: '--block-domain <domain>', description: 'only those with a block that unfurls links of this domain', query: 'blockDomain' },
      blocks: { flags: '--blocks', description: 'only integrations with blocks', query: 'blocks', negatable: 'only integrations without blocks' },
      contentSources: { flags: '--content-sources', description: 'only integrations with content sources', query: 'contentSources', negatable: 'only integrations without content sources' },
      owner: { flags: '--owner <orgId>', description: 'only those published by this organization', query: 'owner', idOf: 'organization' },
    },
    operation: 'integrations.list',
    output: { list: INTEGRATION_COLUMNS, fields: INTEGRATION_FIELDS },
  }),
  defineCommand({
    name: 'get',
    summary: 'show an integration',
    examples: ['get mermaid', 'get mermaid --json'],
    args: [NAME],
    operation: 'integrations.get',
    output: { item: INTEGRATION_DETAIL, fields: INTEGRATION_FIELDS },
  }),
  defineCommand({
    name: 'publish',
    summary: 'publish an integration (or a new version of it) from a manifest',
    help: `The manifest is YAML or JSON whose keys are the publish fields (title,
description, summary, visibility, target, scopes, categories, blocks,
contentSources, externalLinks, configurations, organization, secrets,
contentSecurityPolicy); script, icon and previewImages name files relative to
the manifest, sent as the script's text and base64 images. Secrets are sent but
never printed (*** in --dry-run and --debug).

The manifest of the platform's own CLI (gitbook-manifest.yaml) is accepted:
its "name" is the integration's name, so the argument may be left out (given,
it must be the same). Its script must be the built JavaScript file.`,
    examples: ['publish my-widget --manifest integration.yaml', 'publish --manifest gitbook-manifest.yaml', 'publish my-widget --manifest integration.yaml --dry-run'],
    args: [{ ...NAME, optional: true, description: "the integration name (default: the manifest's name)" }],
    flags: {
      manifest: {
        flags: '--manifest <path>',
        description: 'YAML or JSON manifest (files it names are relative to it)',
        required: true,
        path: { kind: 'names', use: 'manifest', layout: 'integration-manifest' },
      },
    },
    operation: 'integrations.publish',
    output: { item: INTEGRATION_DETAIL, fields: INTEGRATION_FIELDS },
    async run(ctx, { args, opts }) {
      const { name, request } = await manifestRequest(ctx, args[0], opts.manifest!);
      if (opts.dryRun) return ctx.api.dryRun([request]);
      const { data } = await ctx.api.send(request);
      ctx.output.note(`published integration "${name}" (version ${(data as { version?: number }).version ?? '?'})`);
      await ctx.output.item(data, INTEGRATION_DETAIL, { fields: INTEGRATION_FIELDS });
    },
  }),
  defineCommand({
    name: 'unpublish',
    summary: 'unpublish integrations (removes them from the catalogue)',
    examples: ['unpublish my-widget --yes', 'unpublish - --yes < names.txt'],
    args: [{ ...NAME, description: 'integration names, or - to read them from stdin' }],
    operation: 'integrations.unpublish',
    bulk: { what: 'integration', done: 'unpublished' },
    confirm: 'Unpublish',
  }),
  defineCommand({
    name: 'installations',
    summary: "list an integration's installations (needs the integration's own token)",
    help: "The platform accepts only the integration's own token here: pass it with --token or DOCPLAT_TOKEN.",
    examples: ['installations my-widget --token "$INTEGRATION_TOKEN"', 'installations my-widget --external-id acme-main --json'],
    args: [NAME],
    flags: { externalId: { flags: '--external-id <id>', description: 'only the installation with this external id', query: 'externalId', nonBlank: true } },
    operation: 'integrations.installations',
    output: { list: INSTALLATION_COLUMNS, fields: INSTALLATION_FIELDS },
    explain: installationsRefused,
  }),
];
