// Table columns of content resources: revisions, pages, files, links, backlinks, imports.
import type { Column } from '../output/format.js';

export const REVISION_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'type', header: 'Type' },
  { key: 'parents', header: 'Parents' },
  { key: 'createdAt', header: 'Created', kind: 'time' },
  { key: 'urls.app', header: 'URL' },
];

export const IMPORT_DETAIL: Column[] = [
  { key: 'revision', header: 'Revision' },
  { key: 'importedResources', header: 'Imported' },
  { key: 'totalResources', header: 'Total' },
];

/** One row per page of the tree, in tree order. */
export const PAGE_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'TITLE' },
  { key: 'path', header: 'PATH' },
  { key: 'type', header: 'TYPE' },
];

export const PAGE_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'title', header: 'Title' },
  { key: 'type', header: 'Type' },
  { key: 'path', header: 'Path' },
  { key: 'description', header: 'Description' },
  { key: 'updatedAt', header: 'Updated', kind: 'time' },
  { key: 'urls.app', header: 'URL' },
];

export const FILE_COLUMNS: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'NAME' },
  { key: 'contentType', header: 'TYPE' },
  { key: 'size', header: 'SIZE', kind: 'bytes' },
];

export const FILE_DETAIL: Column[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name' },
  { key: 'contentType', header: 'Type' },
  { key: 'size', header: 'Size', kind: 'bytes' },
  { key: 'dimensions.width', header: 'Width' },
  { key: 'dimensions.height', header: 'Height' },
  { key: 'downloadURL', header: 'Download URL' },
];

export const BACKLINK_COLUMNS: Column[] = [
  { key: 'kind', header: 'KIND' },
  { key: 'page.id', header: 'PAGE' },
  { key: 'page.title', header: 'TITLE' },
  { key: 'page.path', header: 'PATH' },
];
