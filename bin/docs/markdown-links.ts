/**
 * Links between the docs' pages: the anchors a Markdown page's headings get (as GitHub makes them) and the
 * relative links a page holds, so bin/docs/docs-pages.test.ts can check that every link lands on a heading.
 */

/** The anchor of a heading: lower case, code marks and punctuation dropped, spaces as dashes. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replaceAll('`', '')
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replaceAll(' ', '-');
}

/** The anchors of a page's headings (headings inside fenced blocks are not headings). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (heading !== null) anchors.add(headingAnchor(heading[1]!));
  }
  return anchors;
}

/** The page's links to files of the repository (`[text](path#anchor)`, `(#anchor)`), not to other sites. */
export function relativeLinksOf(markdown: string): { readonly path: string; readonly anchor: string }[] {
  const links: { path: string; anchor: string }[] = [];
  for (const match of markdown.matchAll(/\[[^\]\n]*\]\(([^)\s]+)\)/g)) {
    const target = match[1]!;
    if (/^[a-z]+:/.test(target)) continue;
    const hash = target.indexOf('#');
    links.push(hash < 0 ? { path: target, anchor: '' } : { path: target.slice(0, hash), anchor: target.slice(hash + 1) });
  }
  return links;
}
