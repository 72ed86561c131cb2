/**
 * The Java engine's preprocessor mode (`preprocess=true` in a fixture's `:PROPERTIES`): only `{^...}` tags are
 * instructions; every other brace is text, passed through for a later render. We run it with our own engine by
 * rewriting the source: each `{^` becomes `{` (its tag ends at the next `}`), and every other `{` and `}` becomes
 * `{.meta-left}` / `{.meta-right}`, which print the brace itself.
 */
export function preprocessorSource(source: string): string {
  let out = '';
  let inTag = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '{' && !inTag && source[i + 1] === '^') {
      out += '{';
      inTag = true;
      i++;
    } else if (c === '}' && inTag) {
      out += '}';
      inTag = false;
    } else if (c === '{') out += '{.meta-left}';
    else if (c === '}') out += '{.meta-right}';
    else out += c;
  }
  return out;
}
