/**
 * A tweak: a setting of the platform's Style Editor that a theme declares in a LESS comment (server/theme/tweaks/
 * read-tweaks.ts), with its name, its type's fields and its default. Values of every type are strings, as the
 * platform keeps them (`tweakJSON`, presets): a checkbox `"true"`/`"false"`, a dropdown its option's label, a
 * colour or a value as written (`#222`, `20px`), a font or image tweak the composite of its properties
 * (`{font-family:Georgia;font-size:17px}`, server/theme/tweaks/composite.ts).
 */

export const TWEAK_TYPES = ['value', 'color', 'font', 'image', 'checkbox', 'dropdown'] as const;
export type TweakType = (typeof TWEAK_TYPES)[number];

export interface Tweak {
  /**
   * The key of presets, `tweakJSON` and the owner API: a value or colour tweak's variable without `@`
   * (`siteWidth`), a font or image tweak's class without `.` (`tweak-h1-font`), a checkbox's or dropdown's
   * slugged title (`tweak-nav-style`).
   */
  readonly name: string;
  readonly type: TweakType;
  readonly title: string;
  /** The default, as a value string of its type. */
  readonly default: string;
  /** A font or image tweak's default properties, in the order its class declares them. */
  readonly properties?: readonly (readonly [string, string])[];
  /** A dropdown's option labels. */
  readonly options?: readonly string[];
  /** A value tweak's slider. */
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  /** Whether scripts see it (`"js": true`): in `Static.SQUARESPACE_CONTEXT.tweakJSON`. */
  readonly js: boolean;
  /** The comment's whole object as written (`label`, `category`, `target`…). */
  readonly declaration: Readonly<Record<string, unknown>>;
  /** Where the comment is, relative to the theme folder (`styles/tweak.less`), 1-based. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A site's values by tweak name: every tweak of the theme, its default unless the site set another. */
export type TweakValues = ReadonlyMap<string, string>;
