import type { Carrier } from './carrier-names.ts';
import type { StoreFieldDefinition } from './stores.ts';

/**
 * What each carrier's account form asks for. Apart from the accounts' wire shapes (carriers.ts), which the order
 * list's modules reach through the schemas naming a carrier, so that the list does not load the carriers' fields.
 */
export type CarrierFieldDefinition = StoreFieldDefinition;

const apiBaseUrl = (placeholder: string, sandbox: string): CarrierFieldDefinition => ({
  key: 'apiBaseUrl',
  label: 'API base URL',
  secret: false,
  required: false,
  advanced: true,
  placeholder,
  help: `Leave empty for the carrier itself; ${sandbox} for its test environment.`,
});

const accountNumber = (label: string, help: string): CarrierFieldDefinition => ({
  key: 'accountNumber',
  label,
  secret: false,
  required: true,
  help,
});

/** What each carrier needs to connect (integrations.md sections 8-11). */
export const CARRIER_FIELDS: Record<Carrier, readonly CarrierFieldDefinition[]> = {
  usps: [
    { key: 'clientId', label: 'Consumer key (client id)', secret: false, required: true },
    { key: 'clientSecret', label: 'Consumer secret', secret: true, required: true },
    { key: 'crid', label: 'CRID', secret: false, required: true, help: 'Customer Registration ID of the business.' },
    { key: 'mid', label: 'Mailer ID (MID)', secret: false, required: true, placeholder: '900066622' },
    { key: 'manifestMid', label: 'Manifest MID', secret: false, required: false, help: 'Defaults to the MID.' },
    {
      key: 'accountType',
      label: 'Payment account type',
      secret: false,
      required: true,
      placeholder: 'EPS',
      help: 'EPS (Enterprise Payment System) or PERMIT.',
    },
    accountNumber('Payment account number', 'The EPS account or permit number that pays for labels.'),
    { key: 'permitZip', label: 'Permit ZIP', secret: false, required: false, help: 'Only for a PERMIT account.' },
    {
      key: 'addressChecksPerHour',
      label: 'Address checks per hour',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '30',
      help: 'USPS allows about 60 calls an hour to a new app, shared with labels and tracking: address checks take 30 of them unless you raise it here after USPS grants your app more.',
    },
    {
      key: 'trackingCallsPerHour',
      label: 'Tracking calls per hour',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '30',
      help: 'Each call tracks up to 35 parcels. USPS allows about 60 calls an hour to a new app, shared with labels and address checks; raise it after USPS grants your app more.',
    },
    apiBaseUrl('https://apis.usps.com', 'https://apis-tem.usps.com'),
  ],
  ups: [
    { key: 'clientId', label: 'Client id', secret: false, required: true },
    { key: 'clientSecret', label: 'Client secret', secret: true, required: true },
    accountNumber('Shipper number', 'The six-character UPS account number labels are billed to.'),
    {
      key: 'addressChecksPerMinute',
      label: 'Address checks per minute',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '60',
      help: 'UPS publishes no limit for address validation; raise it only when UPS has agreed a higher rate.',
    },
    {
      key: 'trackingCallsPerMinute',
      label: 'Tracking calls per minute',
      secret: false,
      required: false,
      advanced: true,
      placeholder: '60',
      help: 'UPS tracks one parcel per call and publishes no limit; raise it only when UPS has agreed a higher rate.',
    },
    apiBaseUrl('https://onlinetools.ups.com', 'https://wwwcie.ups.com'),
  ],
  fedex: [
    { key: 'clientId', label: 'API key', secret: false, required: true },
    { key: 'clientSecret', label: 'Secret key', secret: true, required: true },
    accountNumber('Account number', 'The nine-digit FedEx account number labels are billed to.'),
    {
      key: 'electronicTradeDocuments',
      label: 'Electronic Trade Documents (ETD)',
      secret: false,
      required: false,
      advanced: true,
      placeholder: 'no',
      help: 'yes when FedEx has enabled the account for ETD: FedEx sends the commercial invoice to customs electronically (a printed copy still comes with the label).',
    },
    apiBaseUrl('https://apis.fedex.com', 'https://apis-sandbox.fedex.com'),
  ],
  shippo: [
    {
      key: 'apiToken',
      label: 'API token',
      secret: true,
      required: true,
      placeholder: 'shippo_live_…',
      help: 'A test token (shippo_test_…) buys labels that cost nothing.',
    },
    apiBaseUrl('https://api.goshippo.com', 'the same address with a shippo_test_ token'),
  ],
  local: [],
};
