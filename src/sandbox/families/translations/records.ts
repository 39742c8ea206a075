// The translations family's records, the operations' inputs and what every part
// of the family shares.

export interface TranslationRec {
  id: string;
  org: string;
  title: string;
  languages: string[];
  createdAt: string;
  updatedAt: string;
}

export interface TranslationsJson {
  settings: TranslationRec[];
  /** Ids of deleted settings (with their organization): a second DELETE answers 204, not 404. */
  removed: Record<string, string>;
}
