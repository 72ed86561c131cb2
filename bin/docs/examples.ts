/**
 * The code examples of README.md and docs/*.md, read out of the Markdown so that a test can run them
 * (bin/docs/examples.test.ts) and the docs' examples never go stale. An example is a fenced block right after an
 * HTML comment that says what it is:
 *
 *   <!-- example -->            the block runs: `ts`/`js` as a module (`import … from 'tessera'` is the engine),
 *                               `sh` as `npx tessera …` commands, `jsont` as a template rendered by the engine;
 *   <!-- example: contains -->  the same, its output need only contain each line of the expected output;
 *   <!-- example: exit 1 -->    a command that exits 1 (`tessera check` finding an error); options combine
 *                               with commas (`example: exit 1, contains`);
 *   <!-- data -->               JSON data for the `jsont` example before it;
 *   <!-- output -->             what the example before it prints (trailing blank lines aside);
 *   <!-- not run: REASON -->    a block no test can run (it installs, or starts a server that runs until stopped).
 *
 * Blocks of code (`ts`, `js`, `sh`, `jsont`) must carry one of these, so an example cannot be added unrun; other
 * blocks (`text` listings, headers, tables of output) are free.
 */

export interface Fence {
  /** 1-based line of the opening fence. */
  readonly line: number;
  readonly lang: string;
  readonly body: string;
  /** The comment right before the fence (blank lines between allowed), without `<!--` and `-->`. */
  readonly marker: string | undefined;
}

export interface DocExample {
  readonly file: string;
  readonly line: number;
  readonly lang: string;
  readonly code: string;
  /** `exact`: the output is compared whole; `contains`: each expected line must appear. */
  readonly mode: 'exact' | 'contains';
  /** The exit code a command example must end with (default 0). */
  readonly exitCode: number;
  readonly data: string | undefined;
  /** Undefined: the example must only run without failing. */
  readonly output: string | undefined;
}

/** Languages whose blocks must be marked. */
export const CODE_LANGS: ReadonlySet<string> = new Set(['ts', 'js', 'sh', 'jsont']);

export function fencesOf(markdown: string): Fence[] {
  const lines = markdown.split('\n');
  const fences: Fence[] = [];
  let marker: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const comment = /^<!--\s*(.*?)\s*-->\s*$/.exec(line);
    if (comment !== null) {
      marker = comment[1];
      continue;
    }
    const open = /^(`{3,})\s*([\w-]*)/.exec(line);
    if (open === null) {
      if (line.trim() !== '') marker = undefined;
      continue;
    }
    const close = open[1]!;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i]!.startsWith(close); i++) body.push(lines[i]!);
    fences.push({ line: start + 1, lang: open[2] ?? '', body: body.join('\n'), marker });
    marker = undefined;
  }
  return fences;
}

/** The examples of one file, and the code blocks in it that carry no marker (which the test refuses). */
export function examplesOf(file: string, markdown: string): { examples: DocExample[]; unmarked: Fence[]; problems: string[] } {
  const fences = fencesOf(markdown);
  const examples: DocExample[] = [];
  const unmarked: Fence[] = [];
  const problems: string[] = [];
  for (let i = 0; i < fences.length; i++) {
    const fence = fences[i]!;
    const marker = fence.marker ?? '';
    const options = /^example(?::\s*(.*))?$/.exec(marker);
    if (options !== null) {
      let mode: DocExample['mode'] = 'exact';
      let exitCode = 0;
      for (const option of (options[1] ?? '').split(',').map((o) => o.trim())) {
        const exit = /^exit (\d+)$/.exec(option);
        if (option === 'contains') mode = 'contains';
        else if (exit !== null) exitCode = Number(exit[1]);
        else if (option !== '') problems.push(`${file}:${fence.line}: unknown example option "${option}"`);
      }
      let data: string | undefined;
      let output: string | undefined;
      if (fences[i + 1]?.marker === 'data') data = fences[++i]!.body;
      if (fences[i + 1]?.marker === 'output') output = fences[++i]!.body;
      examples.push({ file, line: fence.line, lang: fence.lang, code: fence.body, mode, exitCode, data, output });
    } else if (marker === 'data' || marker === 'output') {
      problems.push(`${file}:${fence.line}: a ${marker} block that follows no example`);
    } else if (marker.startsWith('not run:')) {
      if (marker.slice('not run:'.length).trim() === '') problems.push(`${file}:${fence.line}: "not run" without a reason`);
    } else if (CODE_LANGS.has(fence.lang)) {
      unmarked.push(fence);
    }
  }
  return { examples, unmarked, problems };
}

/** The `npx tessera …` commands of a shell example, each as its arguments (lines joined at a trailing `\`). */
export function tesseraCommands(code: string): string[][] | string {
  const joined = code.replace(/\\\n\s*/g, ' ');
  const commands: string[][] = [];
  for (const raw of joined.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    if (line === '') continue;
    const words = shellWords(line);
    if (words[0] !== 'npx' || words[1] !== 'tessera') return `not a \`npx tessera\` command: ${line}`;
    commands.push(words.slice(2));
  }
  return commands;
}

/** A command line split into words as a shell would for the simple cases the docs use: spaces, '…' and "…". */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

/** An example's output as compared: trailing spaces of each line and trailing blank lines dropped. */
export function normaliseOutput(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}
