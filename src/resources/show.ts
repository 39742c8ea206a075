// How cells of several resources show in tables, TSV and CSV (Column.show).

/** A list as comma-separated values (the form `custom-fields set` takes back); other values as text. */
export const commas = (value: unknown): string => (Array.isArray(value) ? value.join(',') : value === undefined || value === null ? '' : String(value));
