// How the customFields family's records look in responses, as the public OpenAPI
// description has them.
import { locationOf } from '../../core/location.js';
import { atLeast } from '../../core/roles.js';
import type { CustomFields } from './index.js';
import type { FieldRec } from './records.js';

export class CustomFieldsViews {
  constructor(private readonly f: CustomFields) {}

  fieldObject(f: FieldRec, api: string): Record<string, unknown> {
    return {
      id: f.id,
      name: f.name,
      title: f.title,
      description: f.description,
      type: f.type,
      placeholder: f.placeholder,
      ...(f.options ? { options: f.options } : {}),
      createdAt: f.createdAt,
      updatedAt: f.updatedAt,
      urls: { location: locationOf('customFields.get', { organizationId: f.org, fieldName: f.name }, api) },
      permissions: { view: true, edit: atLeast(this.f.orgs.roleIn(f.org), 'admin') },
    };
  }
}
