/** Leaving the page, in one place so tests can watch where an island sends the shopper. */
export const navigation = {
  go(url: string): void {
    window.location.assign(url);
  },
};
