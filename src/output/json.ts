// The JSON writers: JSON (a list as an array written item by item), JSON
// lines, and the text of either on a terminal (no raw control character).
import { terminalJson } from './terminal.js';

/** JSON of a value; on a terminal, with C1 codes and bidi controls as \u escapes too (the same JSON value). */
export function jsonText(value: unknown, interactive: boolean, space?: number): string {
  return interactive ? terminalJson(value, space) : JSON.stringify(value, null, space);
}

/** The pieces of a JSON array written as its items arrive: the opening, each item, the end. */
export class JsonArray {
  private empty = true;
  readonly open = '[';
  item(text: string): string {
    const piece = (this.empty ? '\n  ' : ',\n  ') + text;
    this.empty = false;
    return piece;
  }
  close(): string {
    return this.empty ? ']\n' : '\n]\n';
  }
}
