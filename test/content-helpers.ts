// Shared by the content tests (sandbox and CLI): the page tree as the API gives it.
export interface Page {
  id: string;
  title: string;
  type: string;
  path?: string;
  pages?: Page[];
  markdown?: string;
}

/** Every page of a tree, depth first, in tree order. */
export const flat = (pages: Page[]): Page[] => pages.flatMap((p) => [p, ...flat(p.pages ?? [])]);
