// The differences between the platform's public description (@gitbook/api
// 0.202.0) and what the sandbox does, deliberately, for the property-based
// test (description-properties.test.ts): where the API reference
// (api-reference.md) says otherwise, the reference wins; where the sandbox
// holds a request tighter than both, the reason; the 400s a valid request
// may get for a rule the description's schemas cannot say. Each difference
// is a patch of the description, in memory (latestSpec()'s document, before
// anything is compiled or generated from it), with its reason beside it.
let doc: any;
let schemas: any;
const bodyOf = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
const answerOf = (path: string, method: string, status: string) => doc.paths[path][method].responses[status].content['application/json'];

/** Gives every path parameter of that name this schema. */
function pathParams(name: string, schema: object): void {
  for (const item of Object.values<any>(doc.paths)) {
    for (const p of [...(item.parameters ?? []), ...Object.values<any>(item).flatMap((o) => o?.parameters ?? [])]) if (p.in === 'path' && p.name === name) p.schema = schema;
  }
  for (const p of Object.values<any>(doc.components.parameters)) if (p.in === 'path' && p.name === name) p.schema = schema;
}

/** The reference's TranslationSettings (api-reference.md, "TranslationSettings"). */
const TRANSLATION_SETTINGS = {
  type: 'object',
  required: ['object', 'id', 'title', 'languages', 'createdAt', 'updatedAt', 'urls'],
  properties: {
    object: { const: 'translation-settings' },
    id: { type: 'string' },
    title: { type: 'string', minLength: 1, maxLength: 100 },
    languages: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
    urls: { type: 'object', required: ['location'], properties: { location: { type: 'string', format: 'uri' } } },
  },
};

/**
 * Where the API reference and the description disagree, the reference wins:
 * each difference is a patch of the description, in memory, before anything
 * is compiled or generated from it.
 */
export const REFERENCE_WINS: { why: string; patch: () => void }[] = [
  {
    why: 'translation settings are {title, languages} (reference), not translations {source, language, instructions}',
    patch: () => {
      const title = { type: 'object', required: ['title'], properties: { title: TRANSLATION_SETTINGS.properties.title } };
      const base = '/orgs/{organizationId}/translations';
      doc.paths[base].post.requestBody.content['application/json'].schema = title;
      doc.paths[`${base}/{translationId}`].put.requestBody.content['application/json'].schema = title;
      answerOf(base, 'post', '201').schema = TRANSLATION_SETTINGS;
      answerOf(`${base}/{translationId}`, 'get', '200').schema = TRANSLATION_SETTINGS;
      answerOf(`${base}/{translationId}`, 'put', '200').schema = TRANSLATION_SETTINGS;
      answerOf(base, 'get', '200').schema = { allOf: [{ $ref: '#/components/schemas/List' }, { type: 'object', required: ['items'], properties: { items: { type: 'array', items: TRANSLATION_SETTINGS } } }] };
    },
  },
  {
    why: "an OpenAPI specification's slug is lowercase (reference: ^[a-z0-9]+(?:-[a-z0-9]+)*$)",
    patch: () => void (schemas.OpenAPISpecSlug.pattern = '^[a-z0-9]+(?:-[a-z0-9]+)*$'),
  },
  {
    why: "a specification's slug in a path is a slug as above (the description: any string)",
    patch: () => pathParams('specSlug', { $ref: '#/components/schemas/OpenAPISpecSlug' }),
  },
  {
    why: 'publishing an integration requires title, description, script and organization (reference); scopes are optional (the description requires them)',
    patch: () => void (schemas.PublishIntegration.required = ['organization', 'title', 'description', 'script']),
  },
  {
    why: "an integration's contentSecurityPolicy is a string, sent as headers (reference), not a map of directives",
    patch: () => void (schemas.PublishIntegration.properties.contentSecurityPolicy = { type: 'string' }),
  },
  {
    why: "a section's or site space's condition is 1 to 1024 characters, or null (reference; the description's Expression may be empty)",
    patch: () => void (schemas.Expression.minLength = 1),
  },
  {
    why: "a section's title is at most 64 characters on create (reference: 2 to 128 on update, max 64 on create)",
    patch: () => void (bodyOf('/orgs/{organizationId}/sites/{siteId}/sections', 'post').properties.title = { oneOf: [{ type: 'string', minLength: 2, maxLength: 64 }, { type: 'null' }] }),
  },
];

/** Where the sandbox holds requests tighter than the description and the reference say, and why: patches as above. */
export const TIGHTER: { why: string; patch: () => void }[] = [
  {
    why: 'a page size is a whole number from 1 to 1000 (the description allows any number from 0; a page of no item or of 2.5 items means nothing, and the CLI is held to the same table)',
    patch: () => {
      for (const item of Object.values<any>(doc.paths)) {
        for (const o of Object.values<any>(item)) for (const p of o?.parameters ?? []) if (p.name === 'limit') p.schema = { type: 'integer', minimum: 1, maximum: 1000 };
      }
      doc.components.parameters.listLimit.schema = { type: 'integer', minimum: 1, maximum: 1000 };
    },
  },
  {
    why: "an integration's name in a path (publishing makes one under it) is letters, digits, -, _ and . (the description: any string)",
    patch: () => pathParams('integrationName', { type: 'string', pattern: '^[A-Za-z0-9_.-]+$', maxLength: 100 }),
  },
  {
    why: 'an integration has a script to run (the description allows an empty or blank one)',
    patch: () => void (schemas.PublishIntegration.properties.script = { type: 'string', pattern: '\\S' }),
  },
  {
    why: 'a search has something to look for (the description allows an empty or blank query)',
    patch: () => void (doc.paths['/spaces/{spaceId}/search'].get.parameters[0].schema.pattern = '\\S'),
  },
  {
    why: 'a reaction is an emoji, or its codepoints (the description: any string)',
    patch: () => {
      for (const name of ['UpdateCommentSchema', 'UpdateCommentReplySchema']) {
        for (const field of ['addedReactions', 'removedReactions']) schemas[name].properties[field].items = { $ref: '#/components/schemas/Emoji' };
      }
    },
  },
];

/** The description as the reference corrects it and the sandbox tightens it: `described` (latestSpec().doc), patched once. */
export function applyDifferences(described: any): void {
  if (doc === described) return;
  doc = described;
  schemas = doc.components.schemas;
  for (const { patch } of [...REFERENCE_WINS, ...TIGHTER]) patch();
}

/**
 * 400s a valid request may get: rules between a request and the state, or
 * between fields, that the description's schemas cannot say. Each is a
 * message of the sandbox.
 */
export const STATE_REFUSALS: { message: RegExp; why: string }[] = [
  { message: /must be an id( \(no spaces, slashes, \? or #\))?(, or null)?[.;]/, why: 'the description types ids as strings; one that cannot be an id (empty, a space, a slash, ? or #) names nothing, refused before any lookup' },
  { message: /"template\.id" must be at least 1 character/, why: 'an empty template id names no template' },
  { message: /is in another organization|Not members of organization|no team with id|is not in section|: no user |which is not a sibling|is not in the default section|no page \S+ in the change request/, why: 'an id of something elsewhere, or of nothing' },
  { message: /cannot move into itself/, why: 'a collection moved into itself' },
  { message: /^Another (site space|section) .* has the path/, why: 'a path is unique among its siblings' },
  { message: /they are the last admin/, why: 'an organization keeps an admin' },
  { message: /^Nothing to change/, why: 'an update with nothing in it' },
  { message: /needs "(page|spaceId)"/, why: 'a field that needs another (a node is a block of a page; a home page is a page of an existing space): rules of the operation table' },
  { message: /"(emails|users)" must be at least 1 item/, why: 'an invite or a review request for nobody' },
  { message: /must have more than white space/, why: 'a blank team title' },
  { message: /"comment" must hold "markdown" or "document"/, why: 'a review comment with no body' },
  { message: /revert_page is not supported by the sandbox/, why: 'the sandbox keeps no page history (yet)' },
];

/** Query parameters never generated: a `page` cursor is the server's own (any other is refused, as the platform does). */
export const NOT_GENERATED = new Set(['page']);
