/**
 * The words of the platform commerce island (hydrate/islands/platform-commerce.tsx) in the page's language
 * (issue 27): a platform theme's page has no island props, so the server puts these catalog messages and the
 * add refusals' wording in the page's `#squarespace-context` JSON (server/theme/page-headers.ts), and the
 * island reads them there; an English page carries none and the island keeps its English.
 */
import type { IslandMessages } from '../commerce/messages/compact.js';
import { formatCompact } from '../commerce/messages/compact.js';
import type { RuleMessages } from '../commerce/messages/rule-text.js';

export const PLATFORM_COMMERCE_MESSAGES = ['addButton.adding', 'addButton.added', 'product.priceFrom', 'alert.ok'] as const;
type PlatformCommerceMessage = (typeof PLATFORM_COMMERCE_MESSAGES)[number];

export interface PlatformCommerceWords {
  readonly words: IslandMessages<PlatformCommerceMessage>;
  readonly refusals: RuleMessages;
}

/** The page's words, or null (English, or a page without them). */
export function platformCommerceWords(): PlatformCommerceWords | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('squarespace-context');
  try {
    const parsed = JSON.parse(element?.textContent ?? 'null') as { messages?: PlatformCommerceWords } | null;
    return parsed?.messages ?? null;
  } catch {
    return null;
  }
}

/** One of the island's words in the page's language, else `english`. */
export function sayIn(words: PlatformCommerceWords | null, key: PlatformCommerceMessage, english: string, values: Record<string, string> = {}): string {
  return words === null ? english : formatCompact(words.words.text[key], words.words.locale, values);
}
