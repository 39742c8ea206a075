// The customFields family's records, the operations' inputs and what every part
// of the family shares.
import type { CUSTOM_FIELD_TYPES } from '../../../api/enums.js';
import { isSelect } from '../../../api/operations/customFields.js';
import { badRequest } from '../../core/errors.js';

export type FieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export type Value = string | number | boolean | string[];

export interface FieldRec {
  id: string;
  org: string;
  name: string;
  type: FieldType;
  title: string;
  description: string;
  placeholder: string;
  options?: string[];
  createdAt: string;
  updatedAt: string;
}

export interface FieldDetails {
  title?: string;
  description?: string;
  placeholder?: string;
  options?: string[];
}

export interface CustomFieldsJson {
  fields: FieldRec[];
  /** Space id → field name → value. */
  values: Record<string, Record<string, Value>>;
}

/** Options belong to select fields, which need at least one. */
export function checkOptions(type: FieldType, options: string[] | undefined, creating: boolean): void {
  if (isSelect(type)) {
    if (creating && !options?.length) throw badRequest(`A ${type} field needs "options" (1 to 50).`);
  } else if (options !== undefined) {
    throw badRequest(`Only select fields have options; this field is of type ${type}.`);
  }
}
