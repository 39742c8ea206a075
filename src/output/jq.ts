// --jq: real jq (jq-wasm) over the data, compiled before any request is sent.
import { cjsExports } from '../cjs.js';
import { DocplatError, EXIT, UsageError } from '../errors.js';

/**
 * Runs jq (jq-wasm: real jq in WebAssembly; from 2.0 on, it reads its input
 * and writes its output in linear time, where 1.0 copied the whole buffer
 * for every byte). Bundled or not, the package may come as a default export.
 */
export async function runJq(input: unknown, expression: string, flags: string[]): Promise<{ stdout: string; stderr: string; exitCode: number }> {
  const loaded = await import('jq-wasm');
  const jq = cjsExports(loaded);
  return jq.raw(input as never, expression, flags);
}

/** Compiles the expression: a syntax error is a usage error. */
export async function checkJq(expression: string): Promise<void> {
  const { exitCode, stderr } = await runJq(null, expression, ['-r']);
  // jq exits 3 for a compile error; running on null may fail otherwise, which says nothing of the data to come.
  if (exitCode === 3) throw new UsageError(`--jq: ${jqMessage(stderr)}`);
}

/** The error of an expression that compiled and failed on the data, after the requests were made. */
export function jqFailure(stderr: string): DocplatError {
  return new DocplatError(`--jq failed on the data: ${jqMessage(stderr)}`, EXIT.failure, { kind: 'jq' });
}

/**
 * jq's first message line, on one line: a compile error's place ("at
 * <top-level>, line 1, column 5:", followed by the expression and a caret on
 * the next lines) becomes "(line 1, column 5)".
 */
function jqMessage(stderr: string): string {
  const message = stderr.split('\n').find((l) => l.trim()) ?? 'invalid expression';
  return message
    .replace(/^jq: (error( \(at [^)]*\))?: )?/, '')
    .replace(/ at <top-level>, (line \d+, column \d+):\s*$/, ' ($1)')
    .replace(/:\s*$/, '')
    .trim();
}
