import { THEME_PRIMARY, THEME_SECONDARY } from '@shipdesk/contract';

const frame = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" width="48" height="48" role="img">${body}</svg>`;

/** One small mark per catalogue app, in the product's colours. */
export const APP_LOGOS: Record<string, string> = {
  shipping: frame(
    `<title>Shipdesk</title><rect width="48" height="48" rx="12" fill="${THEME_PRIMARY}"/>` +
      `<path d="M14 17.5 24 12l10 5.5v11L24 34l-10-5.5zM14 17.5 24 23l10-5.5M24 23v11" fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/>` +
      `<path d="M10 38c3 0 3-2 6-2s3 2 6 2 3-2 6-2 3 2 6 2 3-2 6-2" fill="none" stroke="${THEME_SECONDARY}" stroke-width="2.4" stroke-linecap="round"/>`,
  ),
  iam: frame(
    `<title>Identity and access management</title><rect width="48" height="48" rx="12" fill="#2e7d5b"/>` +
      `<path d="M24 10 13 14.5v8c0 7 4.7 12.6 11 15.5 6.3-2.9 11-8.5 11-15.5v-8z" fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/>` +
      `<circle cx="24" cy="21" r="3.5" fill="none" stroke="#fff" stroke-width="2.4"/>` +
      `<path d="M17.8 31c1.3-3 3.5-4.5 6.2-4.5s4.9 1.5 6.2 4.5" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>`,
  ),
  rule_engine: frame(
    `<title>Shipping rule engine</title><rect width="48" height="48" rx="12" fill="${THEME_SECONDARY}"/>` +
      `<path d="M14 15h20M14 24h12M14 33h20" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>` +
      `<circle cx="31" cy="24" r="3.5" fill="none" stroke="#fff" stroke-width="2.4"/>`,
  ),
  multi_carrier_label: frame(
    `<title>Multi-carrier labels</title><rect width="48" height="48" rx="12" fill="#5b4b9a"/>` +
      `<rect x="13" y="11" width="22" height="26" rx="3" fill="none" stroke="#fff" stroke-width="2.4"/>` +
      `<path d="M17 17v8M20 17v8M22.5 17v8M26 17v8M28.5 17v8M31 17v8" stroke="#fff" stroke-width="1.6"/>` +
      `<path d="M17 30h14" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/>`,
  ),
};
