/**
 * Every route path of the app (spec section 2) and the href builders that fill them in.
 * Router patterns and links both come from here, so a path is spelled once.
 */
export const paths = {
  // Public (no sign-in, no sidebar/header).
  register: '/register',
  bcRedirect: '/bc_redirect',
  bcInstructionGuide: '/bc_instruction_guide',
  // Signed in, after the setup-guide call.
  root: '/',
  orders: '/orders',
  ordersByStatus: '/orders/:filterStatus',
  orderAdd: '/orders/add',
  orderView: '/orders/view/:id',
  orderAction: '/orders/:action/:id',
  dashboard: '/dashboard',
  /** Parcels with a carrier exception or past the promised day. */
  problems: '/problems',
  /** The day's labels, USPS SCAN forms and carrier pickups. */
  endOfDay: '/end-of-day',
  welcome: '/welcome',
  stores: '/stores',
  shipRule: '/ship_rule',
  settings: '/settings/:tab?',
  reports: '/reports',
  imports: '/imports',
  addons: '/addons',
  switchApps: '/switch_apps',
  /** Static page used by oidc-client-ts for the silent-renew iframe fallback. */
  silentRenew: '/silent-renew.html',
} as const;

const PUBLIC_PATHS: readonly string[] = [paths.register, paths.bcRedirect, paths.bcInstructionGuide];

/** True for the three public routes (with or without a trailing slash). */
export function isPublicPath(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(clean);
}

export const hrefs = {
  orders: () => paths.orders,
  /** The order list filtered by status, e.g. `/orders/Sales%20Order`. */
  ordersByStatus: (status: string) => `/orders/${encodeURIComponent(status)}`,
  orderAdd: () => paths.orderAdd,
  orderView: (id: string | number) => `/orders/view/${encodeURIComponent(String(id))}`,
  orderAction: (action: string, id: string | number) =>
    `/orders/${encodeURIComponent(action)}/${encodeURIComponent(String(id))}`,
  dashboard: () => paths.dashboard,
  problems: () => paths.problems,
  /** The order list of orders whose parcels are in one delivery state (`delivered`, `late`, ...). */
  ordersByDelivery: (state: string) => `${paths.orders}?delivery=${encodeURIComponent(state)}`,
  welcome: () => paths.welcome,
  stores: () => paths.stores,
  shipRule: () => paths.shipRule,
  /** `/settings` or `/settings/<tab>`. */
  settings: (tab?: string) => (tab ? `/settings/${encodeURIComponent(tab)}` : '/settings'),
  reports: () => paths.reports,
  imports: () => paths.imports,
  addons: () => paths.addons,
  switchApps: () => paths.switchApps,
  register: () => paths.register,
  bcRedirect: () => paths.bcRedirect,
  bcInstructionGuide: () => paths.bcInstructionGuide,
} as const;
