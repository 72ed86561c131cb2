/**
 * A path of this site in the page's language (issue 27): on a multilingual site a page asked under a language's
 * prefix carries it as `<html data-path-prefix="/de">` (server/multilingual/language-paths.ts writes it, with
 * the page's own links), so what an island links to or goes to stays in that language. Elsewhere, and while
 * rendered on the server (whose links that module prefixes), a path is itself.
 */
export function sitePath(path: string): string {
  if (typeof document === 'undefined' || !path.startsWith('/') || path.startsWith('//')) return path;
  return `${document.documentElement.dataset['pathPrefix'] ?? ''}${path}`;
}
