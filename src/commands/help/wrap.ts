// Help text as paragraphs: the help of a command is written in the source
// with line breaks where the source needs them, not where the help does. Lines
// of a paragraph are joined and wrapped again at the help's width; a blank
// line ends a paragraph, a line that starts with `- ` starts one (a list
// item), and an indented line is kept as written (a table, an example).

/** Words of `text` in lines of at most `width` columns (a longer word has a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function wrapHelp(text: string, width = 80): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push(...wrap(paragraph.join(' '), width));
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      flush();
      out.push('');
    } else if (/^\s/.test(line)) {
      flush();
      out.push(line.trimEnd());
    } else {
      if (/^[-*] /.test(line)) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return out.join('\n');
}
