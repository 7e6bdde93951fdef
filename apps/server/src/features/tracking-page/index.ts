// The public tracking page (docs/buyer-notices.md): what other features use of it.
export { trackingPageToken, trackingPageUrl } from './tracking-page-links.ts';
