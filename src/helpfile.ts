// Where the help prerendered at build time lives (dist/help/, written by
// src/manifest.ts): `docplat spaces list --help` is dist/help/spaces.list.txt.
export const helpFileName = (words: string[]): string => `help/${words.join('.') || 'docplat'}.txt`;
