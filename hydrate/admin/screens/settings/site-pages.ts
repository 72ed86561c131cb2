/** The site's pages as GET /api/owner/pages answers them (server/site-pages/), for the navigation and store screens. */
export interface SitePage {
  readonly id: string;
  readonly title: string;
  readonly navigationTitle: string | null;
  readonly urlId: string;
  readonly url: string;
  readonly type: number;
  readonly isStore: boolean;
  readonly enabled: boolean;
  readonly productCount: number;
}

export interface SitePages {
  readonly websiteId: string;
  readonly pages: readonly SitePage[];
}

export const PAGES_PATH = '/api/owner/pages';
