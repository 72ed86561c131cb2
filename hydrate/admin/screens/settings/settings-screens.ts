/**
 * The settings screens of /config/settings, each with what it is for and the permission that reads it: the bar
 * shows Settings to whoever reads one of them (app.tsx), the Settings screen lists those (settings.tsx).
 */
/** Each settings screen, with what it is for and the permission that reads it. */
export const SETTINGS_SCREENS = [
  { path: '/config/settings/site', label: 'Site title and icon', about: 'The name shown on every page and in the browser tab, and the tab’s picture.', permission: 'readSiteSettings' },
  { path: '/config/settings/navigation', label: 'Navigation', about: 'The links of the site’s main menu, in their order.', permission: 'readNavigation' },
  { path: '/config/settings/header-footer', label: 'Header and footer', about: 'The settings of the site’s header and footer.', permission: 'readHeaderFooter' },
  { path: '/config/settings/languages', label: 'Languages', about: 'The languages the site is translated into.', permission: 'readMultilingual' },
  { path: '/config/settings/commerce', label: 'Commerce preferences', about: 'The store’s preferences, by name.', permission: 'readCommercePreferences' },
  { path: '/config/settings/contributors', label: 'Contributors', about: 'Who helps run the site, with which roles; invite someone by e-mail.', permission: 'manageContributors' },
] as const;

export const SETTINGS_PERMISSIONS: readonly string[] = SETTINGS_SCREENS.map((s) => s.permission);

