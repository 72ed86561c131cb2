/**
 * What a `<squarespace:…>` tag asks when its page is rendered: the tag's name, its attributes already read
 * (plain in the theme's file), the macros holding those that are JSON-T (rendered where the tag stands), and
 * the macro holding its body. server/theme/platform-tags.ts writes it into the template as the argument of
 * the `squarespace-tag` formatter (`{@|squarespace-tag 7b22…}`: hex, so it is one word of letters and digits);
 * server/theme/tag-formatter.ts reads it back once, when the template is compiled.
 */
export const TAG_FORMATTER = 'squarespace-tag';

export interface TagCall {
  /** The tag's name in lower case (`query`). */
  readonly tag: string;
  /** Plain attributes, read (server/theme/tag-attributes.ts): `{ limit: 3, template: "nav.block" }`. */
  readonly values: Readonly<Record<string, unknown>>;
  /** Attributes holding JSON-T, each the name of the macro that renders its text. */
  readonly dynamic: Readonly<Record<string, string>>;
  /** The macro holding the tag's body, when it has one. */
  readonly body: string | null;
}

export function encodeTagCall(call: TagCall): string {
  return Buffer.from(JSON.stringify(call)).toString('hex');
}

/** The call `encodeTagCall` wrote, or null for any other text. */
export function decodeTagCall(text: string | undefined): TagCall | null {
  if (text === undefined || !/^(?:[0-9a-f]{2})+$/.test(text)) return null;
  try {
    const call = JSON.parse(Buffer.from(text, 'hex').toString('utf8')) as Partial<TagCall>;
    const isMap = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (typeof call.tag !== 'string' || !isMap(call.values) || !isMap(call.dynamic) || (call.body !== null && typeof call.body !== 'string')) return null;
    return call as TagCall;
  } catch {
    return null;
  }
}
