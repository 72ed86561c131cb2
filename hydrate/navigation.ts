import { sitePath } from './site-path.js';

/** Leaving the page, in one place so tests can watch where an island sends the shopper (in the page's language: site-path.ts). */
export const navigation = {
  go(url: string): void {
    window.location.assign(sitePath(url));
  },
};
