/**
 * Plain text broken into lines at spaces, for output with a fixed width: the start banner in a terminal, the
 * lines of a PDF Tessera writes. No hyphenation; a word longer than the width stands on a line of its own.
 */

/** Words into lines of at most `width` characters (a longer word on a line of its own). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}
