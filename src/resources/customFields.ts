// The custom field resources' table columns. Lists (options, tags, multiple
// choices) show comma-separated, the form `custom-fields set` takes back.
import type { Column } from '../output/format.js';


export const FIELD_COLUMNS: Column[] = [
  // What get, update, delete and set take: never cut.
  { key: 'name', header: 'NAME', id: true },
  { key: 'type', header: 'TYPE' },
  { key: 'title', header: 'TITLE' },
  { key: 'options', header: 'OPTIONS' },
  // No DESCRIPTION (in `get`): a name of 50 characters and the other columns fit 80.
];

export const FIELD_DETAIL: Column[] = [
  { key: 'name', header: 'Name' },
  { key: 'id', header: 'ID' },
  { key: 'type', header: 'Type' },
  { key: 'title', header: 'Title' },
  { key: 'description', header: 'Description' },
  { key: 'placeholder', header: 'Placeholder' },
  { key: 'options', header: 'Options' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
];

export const VALUE_COLUMNS: Column[] = [
  { key: 'customField.name', header: 'NAME', id: true },
  { key: 'customField.type', header: 'TYPE' },
  { key: 'value', header: 'VALUE' },
];
