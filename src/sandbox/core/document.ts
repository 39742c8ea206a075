// JSON documents (the description's JSONDocument: `{object: 'document',
// nodes}` of blocks, inlines and text leaves) and the Markdown the sandbox
// stores: a minimal document from Markdown, and the text of a document.

/** A minimal JSON document: one paragraph per non-empty line of the Markdown. */
export function documentOf(markdown: string): Record<string, unknown> {
  const nodes = markdown
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => ({ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }] }));
  return { object: 'document', data: {}, nodes };
}

/** The text of a JSON document: each block on a line of its own, the leaves of its text joined; whatever is not a node is left out. */
export function textOfDocument(document: unknown): string {
  const lines: string[] = [];
  const walk = (node: unknown, line: string[]): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { object?: unknown; leaves?: unknown; text?: unknown; nodes?: unknown };
    if (typeof n.text === 'string') line.push(n.text);
    if (Array.isArray(n.leaves)) for (const leaf of n.leaves) walk(leaf, line);
    if (!Array.isArray(n.nodes)) return;
    const blocks = n.nodes.some((c) => (c as { object?: unknown } | null)?.object === 'block');
    for (const child of n.nodes) {
      if (!blocks) walk(child, line);
      else {
        const own: string[] = [];
        walk(child, own);
        if (own.length) lines.push(own.join(''));
      }
    }
  };
  const top: string[] = [];
  walk(document, top);
  if (top.length) lines.unshift(top.join(''));
  return lines.join('\n');
}
