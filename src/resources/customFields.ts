// The custom field resources' table columns. Lists (options, tags, multiple
// choices) show comma-separated, the form `custom-fields set` takes back.
import type { Column } from '../output/format.js';
import { commas, shown } from './show.js';


export const FIELD_COLUMNS: Column[] = [
  { key: 'name', header: 'NAME' },
  { key: 'type', header: 'TYPE' },
  { key: 'title', header: 'TITLE' },
  shown('options', 'OPTIONS', commas),
  { key: 'description', header: 'DESCRIPTION' },
];

export const FIELD_DETAIL: Column[] = [
  { key: 'name', header: 'Name' },
  { key: 'id', header: 'ID' },
  { key: 'type', header: 'Type' },
  { key: 'title', header: 'Title' },
  { key: 'description', header: 'Description' },
  { key: 'placeholder', header: 'Placeholder' },
  shown('options', 'Options', commas),
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
];

export const VALUE_COLUMNS: Column[] = [
  { key: 'customField.name', header: 'NAME' },
  { key: 'customField.type', header: 'TYPE' },
  shown('value', 'VALUE', commas),
];
