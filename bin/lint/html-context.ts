/**
 * Where in the HTML a template tag prints: in text, inside a tag (an attribute value or between attributes),
 * inside `<script>`/`<style>`, or in a comment. A small tokenizer fed the template's literal text in source
 * order; a tag's own output is taken to leave the state as it is. Enough to tell `{title|html}` in text (fine)
 * from `{title|html}` in `alt="…"` (a quote in the title ends the attribute), not a full HTML parser.
 */

export type HtmlPlace = 'text' | 'attribute' | 'raw-text' | 'comment';

type State =
  | { readonly kind: 'text' }
  | { readonly kind: 'tag'; readonly name: string; readonly naming: boolean }
  | { readonly kind: 'before-value'; readonly name: string }
  | { readonly kind: 'value'; readonly name: string; readonly quote: '"' | "'" | '' }
  | { readonly kind: 'raw-text'; readonly end: string }
  | { readonly kind: 'comment' };

/** Elements whose content is not HTML: a tag printed inside them is JavaScript or CSS, not markup. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

const TEXT: State = { kind: 'text' };

export class HtmlContext {
  private state: State = TEXT;
  /** The last characters seen, to find `<!--`, `-->` and `</script` across text nodes. */
  private tail = '';

  get place(): HtmlPlace {
    switch (this.state.kind) {
      case 'text':
        return 'text';
      case 'raw-text':
        // <title> and <textarea> hold escapable text: markup in them is shown, but `&` and `</title` still count
        return this.state.end === '</title' || this.state.end === '</textarea' ? 'text' : 'raw-text';
      case 'comment':
        return 'comment';
      default:
        return 'attribute';
    }
  }

  /** Feeds literal template text (what the template prints as it is). */
  feed(text: string): void {
    for (const c of text) {
      this.tail = (this.tail + c).slice(-9);
      this.state = this.step(this.state, c);
    }
  }

  /** Feeds a tag's output: it is unknown, but it ends an element or attribute name being read. */
  printed(): void {
    this.tail = '';
    if (this.state.kind === 'tag') this.state = { ...this.state, naming: false };
    else if (this.state.kind === 'before-value') this.state = { kind: 'value', name: this.state.name, quote: '' };
  }

  private step(s: State, c: string): State {
    switch (s.kind) {
      case 'text':
        if (c === '<') return { kind: 'tag', name: '', naming: true };
        return s;
      case 'tag':
        if (s.naming && s.name === '' && c === '!') return s; // `<!`: a comment or a doctype, decided below
        if (this.tail.endsWith('<!--')) return { kind: 'comment' };
        if (c === '>') {
          const name = s.name.toLowerCase();
          return RAW_TEXT.has(name) ? { kind: 'raw-text', end: `</${name}` } : TEXT;
        }
        if (c === '=') return { kind: 'before-value', name: s.name };
        if (s.naming) return /[\s/]/.test(c) && s.name !== '' ? { ...s, naming: false } : { ...s, name: s.name + (c === '/' ? '' : c) };
        return s;
      case 'before-value':
        if (c === '"' || c === "'") return { kind: 'value', name: s.name, quote: c };
        if (c === '>') return TEXT;
        if (/\s/.test(c)) return s;
        return { kind: 'value', name: s.name, quote: '' };
      case 'value':
        if (s.quote === '' ? /[\s]/.test(c) : c === s.quote) return { kind: 'tag', name: s.name, naming: false };
        if (s.quote === '' && c === '>') return TEXT;
        return s;
      case 'raw-text':
        return this.tail.toLowerCase().endsWith(s.end) ? { kind: 'tag', name: '', naming: false } : s;
      case 'comment':
        return this.tail.endsWith('-->') ? TEXT : s;
    }
  }
}
