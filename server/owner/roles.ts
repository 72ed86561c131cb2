/**
 * Contributor roles (spec 001 §3 "Contributor roles") and which of them may call which owner API. The spec
 * lists the roles but not their codes nor their rights ("permission rules: not shown"), so both are ours:
 * codes follow the spec's order from 1, and each API family names the roles allowed to call it. A
 * contributor holds a list of role names; one allowed role is enough.
 */
export const CONTRIBUTOR_ROLES = [
  'admin',
  'billing',
  'reporting',
  'editor',
  'moderator',
  'commenter',
  'store manager',
  'scheduling',
  'viewer',
  'campaigns editor',
  'scheduling viewer',
  'scheduling editor',
  'none',
  'website manager',
] as const;

export type ContributorRole = (typeof CONTRIBUTOR_ROLES)[number];

/** Role name → code: admin 1, billing 2, … website manager 14 (the spec's order). */
export const ROLE_CODES: Readonly<Record<ContributorRole, number>> = Object.fromEntries(CONTRIBUTOR_ROLES.map((role, i) => [role, i + 1])) as Record<
  ContributorRole,
  number
>;

export function isContributorRole(value: unknown): value is ContributorRole {
  return typeof value === 'string' && (CONTRIBUTOR_ROLES as readonly string[]).includes(value);
}

/**
 * Who may call what. Admins and website managers run the whole site; store managers run the store (setup,
 * commerce preferences, and the navigation, since the store creation sequence ends by adding the store to
 * it); editors shape the site's look (navigation, header and footer, template schemas, tweaks) and may read the
 * language settings; billing and reporting may read commerce preferences (currencies, tax and payment
 * choices show in their reports). Moderators, commenters, the scheduling roles, viewers, campaign editors
 * and `none` have no store-setup or settings rights.
 */
export const OWNER_PERMISSIONS = {
  storeSetup: ['admin', 'website manager', 'store manager'],
  readCommercePreferences: ['admin', 'website manager', 'store manager', 'billing', 'reporting'],
  writeCommercePreferences: ['admin', 'website manager', 'store manager'],
  readNavigation: ['admin', 'website manager', 'store manager', 'editor'],
  writeNavigation: ['admin', 'website manager', 'store manager', 'editor'],
  readHeaderFooter: ['admin', 'website manager', 'editor'],
  writeHeaderFooter: ['admin', 'website manager', 'editor'],
  readMultilingual: ['admin', 'website manager', 'editor'],
  writeMultilingual: ['admin', 'website manager'],
  readTemplateSchema: ['admin', 'website manager', 'store manager', 'editor'],
  readTemplateTweaks: ['admin', 'website manager', 'editor'],
  writeTemplateTweaks: ['admin', 'website manager', 'editor'],
  // the analytics dashboard (/config/analytics): those who run the site, and reporting
  readAnalytics: ['admin', 'website manager', 'reporting'],
  // the outbox (server/email/): those who run the store see its messages and send a failed one again; the mail
  // settings (the SMTP server and its password) are the site's, for those who run the whole site
  readOutbox: ['admin', 'website manager', 'store manager'],
  retryOutbox: ['admin', 'website manager', 'store manager'],
  readMailSettings: ['admin', 'website manager'],
  // products, variants, prices and stock (server/merchant/products/): those who run the store; reporting reads
  // them too, since its reports name the products
  readProducts: ['admin', 'website manager', 'store manager', 'reporting'],
  writeProducts: ['admin', 'website manager', 'store manager'],
  writeMailSettings: ['admin', 'website manager'],
  // what the site's forms collected (server/merchant/form-submissions/): those who run the site and its content
  readFormSubmissions: ['admin', 'website manager', 'editor'],
  // orders (server/merchant/orders/): those who run the store read, fulfil, cancel and annotate them; billing and
  // reporting read them and export the CSV (their books and reports are made of orders), and change nothing
  // back-in-stock signups (server/restock/): their groups read and their e-mails sent
  sendRestock: ['admin', 'website manager', 'store manager'],
  readOrders: ['admin', 'website manager', 'store manager', 'billing', 'reporting'],
  writeOrders: ['admin', 'website manager', 'store manager'],
  // the site's title and icon (server/site-settings/): its look, so those who shape it, as with header and footer
  readSiteSettings: ['admin', 'website manager', 'editor'],
  writeSiteSettings: ['admin', 'website manager', 'editor'],
  // who runs the site (server/contributors/): the site's administrators alone invite, change and remove
  // contributors, as on the platform, where only an administrator manages permissions
  manageContributors: ['admin'],
  // the list of the site's pages (server/site-pages/): whoever edits the navigation or runs the store
  readPages: ['admin', 'website manager', 'store manager', 'editor'],
} as const satisfies Record<string, readonly ContributorRole[]>;

export type OwnerPermission = keyof typeof OWNER_PERMISSIONS;

/** What a contributor with these roles may do, in the table's order (the admin shows only these screens). */
export function permissionsOf(roles: readonly ContributorRole[]): OwnerPermission[] {
  return (Object.keys(OWNER_PERMISSIONS) as OwnerPermission[]).filter((p) => (OWNER_PERMISSIONS[p] as readonly ContributorRole[]).some((r) => roles.includes(r)));
}

/** The signed-in contributor as GET /api/owner/session and the admin's shell give it. */
export function contributorView(c: { email: string; displayName: string; roles: readonly ContributorRole[] }) {
  return { email: c.email, displayName: c.displayName, roles: c.roles.map((name) => ({ name, code: ROLE_CODES[name] })), permissions: permissionsOf(c.roles) };
}
