// --output yaml: the data as --json has it, as YAML text (the yaml library,
// loaded only when YAML is asked for). Used by the formatter (format.ts).
import { cjsExports } from '../cjs.js';

/** YAML text of a value (the yaml library, loaded only when YAML is asked for); long strings are not folded. */
export async function yamlOf(value: unknown): Promise<string> {
  const { stringify } = cjsExports(await import('yaml'));
  return stringify(value, { lineWidth: 0 });
}

/** jq's compact JSON results as YAML: a string raw, as with -r; several other values as YAML documents. */
export async function jqYaml(stdout: string): Promise<string> {
  const results = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown);
  const many = results.filter((r) => typeof r !== 'string').length > 1;
  let text = '';
  for (const r of results) text += typeof r === 'string' ? `${r}\n` : `${many ? '---\n' : ''}${await yamlOf(r)}`;
  return text;
}
