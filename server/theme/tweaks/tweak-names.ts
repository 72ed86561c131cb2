/**
 * How a tweak is named (platform notes styles.md §4): a value or colour tweak by the variable after its comment
 * (without `@`), a font or image tweak by the class after it (without `.`), a checkbox or dropdown by the slug
 * of its `title`. The slug also makes a dropdown option into the end of its body class
 * (`3:2 Standard` → `32-standard`, `Previous/Next` → `previousnext`, `Snowing?` → `snowing`).
 */
import type { Following } from './less-scan.js';
import type { TweakType } from './tweak.js';

/**
 * The platform's slug: lower case, each run of blank space one `-`, every other character but letters, digits,
 * `-` and `_` dropped. Where the platform is unknown (non-ASCII, repeated dashes) ours keeps letters of any
 * script (a class name may hold them) and leaves dashes as written.
 */
export function tweakSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}_-]/gu, '');
}

/** What a type of tweak must be followed by, in words, for a warning. */
export const FOLLOWED_BY: Readonly<Partial<Record<TweakType, string>>> = {
  value: 'the LESS variable it sets (@name: value;)',
  color: 'the LESS variable it sets (@name: #222;)',
  font: 'the class it styles (.name { font-family: …; font-size: …; })',
  image: 'the class it styles (.name { background-image: …; })',
};

/** A tweak's name, or null when what follows its comment cannot name one of its type (see FOLLOWED_BY). */
export function tweakName(type: TweakType, title: string | null, following: Following): string | null {
  switch (type) {
    case 'value':
    case 'color':
      return following.kind === 'variable' ? following.name : null;
    case 'font':
    case 'image':
      return following.kind === 'class' ? following.name : null;
    case 'checkbox':
    case 'dropdown': {
      const slug = title === null ? '' : tweakSlug(title);
      return slug === '' ? null : slug;
    }
  }
}
