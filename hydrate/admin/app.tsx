/**
 * The admin app: the sign-in screen until a contributor is signed in, then the bar (site, screens, sign-out)
 * and the screen of the path. Each screen is its own chunk (`lazy(() => import(…))`), loaded when first opened,
 * so the sign-in screen and the frame are all a first visit downloads.
 */
import { lazy, type ReactNode, Suspense } from 'react';
import { ADMIN_MESSAGES } from './messages.js';
import { Link, route, usePath } from './router.js';
import { Screen } from './screen.js';
import { signOut, useSession } from './session.js';
import { useSiteTitle } from './site-title.js';
import { SETTINGS_PERMISSIONS } from './screens/settings/settings-screens.js';
import { SignIn } from './screens/sign-in.js';

const ProductList = lazy(() => import('./screens/products.js').then((m) => ({ default: m.ProductList })));
const ProductEditor = lazy(() => import('./screens/product-editor.js').then((m) => ({ default: m.ProductEditor })));
const OrderList = lazy(() => import('./screens/orders.js').then((m) => ({ default: m.OrderList })));
const OrderDetail = lazy(() => import('./screens/order-detail.js').then((m) => ({ default: m.OrderDetail })));
const Restock = lazy(() => import('./screens/restock.js').then((m) => ({ default: m.Restock })));
const Outbox = lazy(() => import('./screens/outbox.js').then((m) => ({ default: m.Outbox })));
const FormList = lazy(() => import('./screens/forms.js').then((m) => ({ default: m.FormList })));
const FormSubmissions = lazy(() => import('./screens/forms.js').then((m) => ({ default: m.FormSubmissions })));
const Settings = lazy(() => import('./screens/settings/settings.js').then((m) => ({ default: m.Settings })));
const SiteSettings = lazy(() => import('./screens/settings/site.js').then((m) => ({ default: m.SiteSettingsScreen })));
const Navigation = lazy(() => import('./screens/settings/navigation.js').then((m) => ({ default: m.NavigationScreen })));
const HeaderFooter = lazy(() => import('./screens/settings/header-footer.js').then((m) => ({ default: m.HeaderFooterScreen })));
const Languages = lazy(() => import('./screens/settings/languages.js').then((m) => ({ default: m.LanguagesScreen })));
const StorePages = lazy(() => import('./screens/store-pages.js').then((m) => ({ default: m.StorePages })));
const Contributors = lazy(() => import('./screens/settings/contributors.js').then((m) => ({ default: m.ContributorsScreen })));
const Invitation = lazy(() => import('./screens/invitation.js').then((m) => ({ default: m.Invitation })));
const CommercePreferences = lazy(() => import('./screens/settings/commerce.js').then((m) => ({ default: m.CommercePreferencesScreen })));

/** The settings screens by their path's last part (/config/settings/{part}). */
const SETTINGS: Readonly<Record<string, ReturnType<typeof lazy>>> = {
  site: SiteSettings,
  navigation: Navigation,
  'header-footer': HeaderFooter,
  languages: Languages,
  commerce: CommercePreferences,
  contributors: Contributors,
};

/** The screens of the bar, each with the permission that reads it (a contributor sees only the ones allowed). */
const SCREENS = [
  { path: '/config/products', label: 'Products', permission: 'readProducts' },
  { path: '/config/stores', label: 'Store pages', permission: 'storeSetup' },
  { path: '/config/orders', label: 'Orders', permission: 'readOrders' },
  { path: '/config/forms', label: 'Forms', permission: 'readFormSubmissions' },
  { path: '/config/restock', label: 'Back in stock', permission: 'sendRestock' },
  { path: '/config/outbox', label: 'E-mail', permission: 'readOutbox' },
  // open to whoever reads any one settings screen (the Settings screen lists those the role reads)
  { path: '/config/settings', label: 'Settings', permission: SETTINGS_PERMISSIONS },
] as const;

const allows = (permissions: readonly string[] | undefined, needed: string | readonly string[]) =>
  permissions === undefined || (typeof needed === 'string' ? permissions.includes(needed) : needed.some((p) => permissions.includes(p)));

function screenOf(path: string, home: string | undefined): ReactNode {
  const { parts, query } = route(path);
  const [first, second] = parts;
  if (first === undefined) {
    if (home === undefined)
      return (
        <Screen title="Nothing to manage">
          <p>{ADMIN_MESSAGES.nothingAllowed}</p>
        </Screen>
      );
    if (home !== '/config/products') return screenOf(home, home);
  }
  if (first === undefined || (first === 'products' && second === undefined)) return <ProductList query={query} />;
  if (first === 'products' && parts.length === 2) return <ProductEditor key={second} id={second === 'new' ? null : second!} />;
  if (first === 'orders' && second === undefined) return <OrderList query={query} />;
  if (first === 'orders' && parts.length === 2) return <OrderDetail key={second} id={second!} />;
  if (first === 'restock' && second === undefined) return <Restock />;
  if (first === 'outbox' && second === undefined) return <Outbox />;
  if (first === 'forms' && second === undefined) return <FormList />;
  if (first === 'forms' && parts.length === 2) return <FormSubmissions key={second} id={second!} />;
  if (first === 'stores' && second === undefined) return <StorePages />;
  if (first === 'settings' && second === undefined) return <Settings />;
  if (first === 'settings' && parts.length === 2 && Object.hasOwn(SETTINGS, second!)) {
    const SettingsScreen = SETTINGS[second!]!;
    return <SettingsScreen />;
  }
  return (
    <Screen title="Not found">
      <p>{ADMIN_MESSAGES.notFound}</p>
      <p>
        <Link href="/config/products">Go to the products</Link>
      </p>
    </Screen>
  );
}

/** The frame of a page for someone not signed in (sign-in, an invitation): the site's name and a way back to it. */
function SignedOutFrame({ siteTitle, children }: { siteTitle: string; children: ReactNode }) {
  return (
    <>
      <header className="bar">
        <p>{siteTitle}</p>
        <a href="/">View the site</a>
      </header>
      <main id="main">{children}</main>
    </>
  );
}

export function App({ siteTitle: shellTitle }: { siteTitle: string }) {
  const siteTitle = useSiteTitle(shellTitle);
  const session = useSession();
  const path = usePath();
  const allowed = session.kind === 'signed-in' ? SCREENS.filter((s) => allows(session.contributor.permissions, s.permission)) : [];
  const current = SCREENS.find((s) => path === s.path || path.startsWith(`${s.path}/`) || path.startsWith(`${s.path}?`))?.path ?? (route(path).parts.length === 0 ? (allowed[0]?.path ?? null) : null);

  const { parts, query } = route(path);
  // the invite e-mail's link: answered signed in or not (whoever follows it becomes a contributor and signs in)
  if (parts[0] === 'invitation' && parts.length === 1)
    return (
      <SignedOutFrame siteTitle={siteTitle}>
        <Suspense fallback={<p className="status" role="status">{ADMIN_MESSAGES.loading}</p>}>
          <Invitation key={query.get('token') ?? ''} token={query.get('token') ?? ''} />
        </Suspense>
      </SignedOutFrame>
    );
  if (session.kind === 'checking')
    return (
      <main id="main">
        <p className="status" role="status">
          {ADMIN_MESSAGES.loading}
        </p>
      </main>
    );
  if (session.kind === 'signed-out')
    return (
      <SignedOutFrame siteTitle={siteTitle}>
        <SignIn ended={session.ended} />
      </SignedOutFrame>
    );
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="bar">
        <p>{siteTitle}</p>
        <nav className="screens" aria-label="Admin">
          <ul>
            {allowed.map((s) => (
              <li key={s.path}>
                <Link href={s.path} aria-current={current === s.path ? 'page' : undefined}>
                  {s.label}
                </Link>
              </li>
            ))}
            {session.contributor.permissions?.includes('readAnalytics') === false ? null : (
              <li>
                <a href="/config/analytics">Analytics</a>
              </li>
            )}
            <li>
              <a href="/">View the site</a>
            </li>
          </ul>
        </nav>
        <button type="button" className="quiet" onClick={() => void signOut()}>
          Sign out {session.contributor.displayName === '' ? '' : `(${session.contributor.displayName})`}
        </button>
      </header>
      <main id="main">
        <Suspense
          fallback={
            <p className="status" role="status">
              {ADMIN_MESSAGES.loading}
            </p>
          }
        >
          {screenOf(path, allowed[0]?.path)}
        </Suspense>
      </main>
    </>
  );
}
