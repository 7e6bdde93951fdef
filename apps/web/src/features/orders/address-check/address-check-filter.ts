/**
 * The order list's "Address" filter: the checks' statuses as a seller sorts them. "Needs review" is what the seller
 * has to choose (a correction, one of several matches); "Not checked" is what a carrier has yet to answer.
 */
export const ADDRESS_FILTERS = ['verified', 'review', 'invalid', 'not_checked'] as const;
export type AddressFilter = (typeof ADDRESS_FILTERS)[number];

export const ADDRESS_FILTER_LABELS: Record<AddressFilter, string> = {
  verified: 'Verified',
  review: 'Needs review',
  invalid: 'Invalid',
  not_checked: 'Not checked',
};

/** The `addressCheck` filter of GET /api/v1/orders (ARCHITECTURE.md filter grammar) for each choice. */
export const ADDRESS_FILTER_QUERY: Record<AddressFilter, string> = {
  verified: 'verified',
  review: 'in@corrected,ambiguous',
  invalid: 'invalid',
  not_checked: 'not_checked',
};

export const isAddressFilter = (value: unknown): value is AddressFilter =>
  typeof value === 'string' && (ADDRESS_FILTERS as readonly string[]).includes(value);
