/** Business constants and limits of spec section 9. */
export const APP_VERSION = '1.6';
export const DEFAULT_PAGE_SIZE = 10;
/** A parcel's ceilings as the API takes them (each carrier's own are lower and checked at purchase). */
export const MAX_PARCEL_GRAMS = 1_000_000;
export const MAX_PARCEL_INCHES = 200;
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_LOCALE = 'en';
/** The country a seller is in until they say (spec: userData's country default). */
export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_TIME_ZONE = 'America/New_York';
export const DASHBOARD_PERIODS = ['Today', 'This Week', 'This Month'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 'This Week';
export const PIE_LABEL_THRESHOLD_PERCENT = 10;
export const IDLE_LOGOUT_MS = 30 * 60 * 1000;
export const IDLE_DEBOUNCE_MS = 500;
export const MAX_STORED_INACTIVITY_MINUTES = 120;
export const PERSIST_KEY = 'root';
export const PERSIST_VERSION = 1;
export const PERSIST_TIMEOUT_MS = 5000;
export const REALTIME_RECONNECTION_DELAY_MS = 500000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const THEME_PRIMARY = '#245891';
export const THEME_SECONDARY = '#f49044';
export const THEME_DARK_BACKGROUND = 'hsl(230,17%,14%)';
export const SUPPORT_BUTTON_OFFSET = { bottom: 25, right: 16 } as const;
export const LABEL_TYPES = ['pdf', 'zpl'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
export const LABEL_SIZES = ['4x6', 'letter'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];

/** Add-ons of spec section 3, shown on the Add-ons page (install disabled). */
export const ADD_ONS = [
  {
    id: 'shipping_rules_engine',
    title: 'Shipping Rules Engine',
    monthlyPrice: 1,
    yearlyPrice: 500,
    content: 'Pick carriers, services and packages automatically from order data.',
  },
  {
    id: 'inventory_management',
    title: 'Inventory Management',
    monthlyPrice: 1,
    yearlyPrice: 800,
    content: 'Keep stock levels in step across every connected store.',
  },
  {
    id: 'product_management',
    title: 'Product Management',
    monthlyPrice: 1,
    yearlyPrice: 1000,
    content: 'One catalogue of products, weights and customs data for all channels.',
  },
  {
    id: 'customer_management',
    title: 'Customer Management',
    monthlyPrice: 1,
    yearlyPrice: 1200,
    content: 'Customer history, notes and segments beside every order.',
  },
] as const;
export type AddOn = (typeof ADD_ONS)[number];
