// Types of bin/engines.cjs, for the tests (test/package/engines.test.ts).
export function supports(version: string, range: string): boolean;
export function narrowestRange(ranges: string[]): Promise<string>;
export function looserThanNeeded(declared: string | undefined, engines: [string, string][]): Promise<string | undefined>;
export function packageEngines(root: string, inputs: string[], dependencies: Record<string, string> | undefined): [string, string][];
