// The most docplat reads of a file, by what it is for: the bounds of the one
// reader (read.ts, which gives them to its callers).

export const KB = 1024;
const MB = 1024 * KB;

/**
 * The most docplat reads of a file, by what it is for. The API reference gives
 * bounds for some (a certificate's 10,000 characters, 1 MB inline files); the
 * others are well above what the use needs and well below what would exhaust
 * memory (docplat holds a file whole, and parses most).
 */
export const BOUNDS = {
  org: { bytes: 8 * MB, what: 'an organization file' },
  plan: { bytes: 64 * MB, what: 'a saved plan' },
  summary: { bytes: 4 * MB, what: 'a SUMMARY.md' },
  page: { bytes: 4 * MB, what: "a page's Markdown file" },
  asset: { bytes: 100 * MB, what: 'an asset' },
  openapi: { bytes: 32 * MB, what: 'an OpenAPI document' },
  manifest: { bytes: 1 * MB, what: 'an integration manifest' },
  certificate: { bytes: 64 * KB, what: 'a certificate file' },
  icon: { bytes: 1 * MB, what: 'an icon' },
  image: { bytes: 10 * MB, what: 'a preview image' },
  script: { bytes: 10 * MB, what: "an integration's script" },
  body: { bytes: 64 * MB, what: 'a request body' },
  value: { bytes: 1 * MB, what: "a flag's file" },
  text: { bytes: 1 * MB, what: 'a text written in the editor' },
  export: { bytes: 64 * MB, what: "an export's own file" },
  lock: { bytes: 4 * KB, what: 'a lock file' },
  stdin: { bytes: 16 * MB, what: 'ids or values on stdin' },
  state: { bytes: 1024 * MB, what: "the sandbox's state file" },
  rc: { bytes: 1 * MB, what: "a shell's rc file" },
  config: { bytes: 1 * MB, what: "docplat's config file" },
  'code cache': { bytes: 64 * MB, what: "docplat's code cache (V8's is well under 10 MB)" },
} as const satisfies Record<string, { bytes: number; what: string }>;

export type ReadUse = keyof typeof BOUNDS;

/** `8 MB`, `64 KB`, `4096 bytes`. */
export function showBytes(n: number): string {
  if (n >= MB && n % MB === 0) return `${n / MB} MB`;
  if (n >= KB && n % KB === 0) return `${n / KB} KB`;
  return `${n} bytes`;
}
