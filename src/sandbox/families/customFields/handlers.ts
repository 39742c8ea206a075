// The customFields family's operations.
import { locationOf } from '../../core/location.js';
import type { PageQuery } from '../../core/paging.js';
import { created, jsonBody, list, ok, type Reply } from '../../core/reply.js';
import type { Req } from '../../core/router.js';
import type { Handlers } from '../../core/world.js';
import type { CustomFields } from './index.js';
import type { CustomFieldsViews } from './render.js';
import type { FieldDetails, FieldType } from './records.js';

export function customFieldsHandlers(f: CustomFields, v: CustomFieldsViews) {
  return {
    'customFields.list': (req: Req<PageQuery>) =>
      list(req.query, f.orgFields(req.params.organizationId), (x) => x.name, (x) => jsonBody(v.fieldObject(x, req.api))),
    'customFields.create': (req: Req<object, FieldDetails & { name: string; type: FieldType }>) => {
      const org = req.params.organizationId;
      const field = f.create(org, req.body);
      return created(jsonBody(v.fieldObject(field, req.api)), locationOf('customFields.get', { organizationId: org, fieldName: field.name }, req.api));
    },
    'customFields.get': (req: Req) => ok(v.fieldObject(f.field(req.params.organizationId, req.params.fieldName), req.api)),
    'customFields.update': (req: Req<object, FieldDetails>) =>
      ok(v.fieldObject(f.update(req.params.organizationId, req.params.fieldName, req.body), req.api)),
    'customFields.delete': (req: Req): Reply => {
      f.remove(req.params.organizationId, req.params.fieldName);
      return { status: 204 };
    },
    'customFields.values': (req: Req) =>
      ok(f.spaceValues(req.params.spaceId).map(({ field, value }) => ({ customField: v.fieldObject(field, req.api), ...(value !== undefined ? { value } : {}) }))),
    'customFields.set': (req: Req<object, { values: Record<string, { value: unknown }> }>): Reply => {
      f.setValues(req.params.spaceId, req.body.values);
      return { status: 204 };
    },
  } satisfies Handlers;
}
