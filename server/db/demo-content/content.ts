/**
 * The shape of the demo's content in one language (server/db/demo-language.ts puts it in the seeded store):
 * each language's words are a file beside this one.
 */
export interface DemoContent {
  readonly hero: { readonly heroTitle: string; readonly heroText: string; readonly heroButtonText: string };
  /** By URL id: the title and the description (HTML). */
  readonly products: Readonly<Record<string, readonly [title: string, body: string]>>;
  /** Option names and values of the variants, English → this language. */
  readonly options: Readonly<Record<string, string>>;
  /** By URL id: the title (and navigation title), the page's text and the description, where they have one. */
  readonly collections: Readonly<Record<string, { readonly title: string; readonly body?: string; readonly description?: string }>>;
  /** The contact form: field titles, placeholders, description by field id, and the message after sending. */
  readonly contact: { readonly name: string; readonly fields: Readonly<Record<string, { title: string; placeholder?: string; description?: string }>>; readonly submissionMessage: string };
}
