import { STORE_FIELDS, type SourceType, type StoreFieldDefinition } from '@shipdesk/contract';

/** A connection's values as a form sends them: settings in clear, credentials to seal. */
interface ConnectionFieldValues {
  settings: Record<string, string>;
  credentials: Record<string, string>;
}

const URL_FIELDS = new Set(['apiBaseUrl', 'authBaseUrl', 'baseUrl']);

function urlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be a URL such as https://example.com';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must start with https://';
  if (url.username || url.password) return 'must not contain a user name or password';
  return null;
}

/**
 * The fields of a connection (a store's, a carrier account's), checked against their definitions: every field named,
 * none unknown, required ones present (and those of a set once one of it is), addresses well formed. Errors name the
 * field as the form does (`credentials.accessToken`); `owner` says whose fields they are ("Shopify stores"). Pure.
 */
export function connectionFieldErrors(
  fields: readonly StoreFieldDefinition[],
  owner: string,
  values: ConnectionFieldValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const byKey = new Map(fields.map((f) => [f.key, f]));
  for (const [group, entries] of [
    ['settings', values.settings],
    ['credentials', values.credentials],
  ] as const) {
    for (const [key, value] of Object.entries(entries)) {
      const field = byKey.get(key);
      const name = `${group}.${key}`;
      if (!field) errors[name] = `is not a field of ${owner}`;
      else if (field.secret !== (group === 'credentials')) {
        errors[name] = field.secret ? `belongs under credentials` : `belongs under settings`;
      } else if (value.trim() !== value) errors[name] = 'must not start or end with spaces';
      else if (URL_FIELDS.has(key) && value !== '') {
        const problem = urlProblem(value);
        if (problem) errors[name] = problem;
      }
    }
  }
  const given = (f: StoreFieldDefinition) => Boolean((f.secret ? values.credentials : values.settings)[f.key]);
  for (const field of fields) {
    const name = `${field.secret ? 'credentials' : 'settings'}.${field.key}`;
    if (given(field)) continue;
    if (field.required) errors[name] ??= `${field.label} is required`;
    // A field of a set (Magento's OAuth values) is due once another of the set is given.
    const others = fields.filter((f) => field.requiredWith?.includes(f.key) && given(f)).map((f) => f.label);
    if (others.length > 0) errors[name] ??= `${field.label} is required with ${others.join(' and ')}`;
  }
  return errors;
}

/** A store's fields: the connection rules, then what each platform's values look like. */
export function storeFieldErrors(sourceType: SourceType, values: ConnectionFieldValues): Record<string, string> {
  const errors = connectionFieldErrors(STORE_FIELDS[sourceType], `${sourceType} stores`, values);
  const shop = values.settings.shopDomain;
  if (sourceType === 'Shopify' && shop && !/^[a-z0-9][a-z0-9-]*(\.[a-z0-9-]+)+$/i.test(shop)) {
    errors['settings.shopDomain'] ??= 'must be a domain such as my-shop.myshopify.com';
  }
  const hash = values.settings.storeHash;
  if (sourceType === 'Bigcommerce' && hash && !/^[a-z0-9]{4,32}$/i.test(hash)) {
    errors['settings.storeHash'] ??= 'must be the letters and digits after /stores/ in the API path';
  }
  const { weightUnit, lengthUnit } = values.settings;
  if (sourceType === 'Bigcommerce' && weightUnit && !/^(lb|oz|kg|g)$/.test(weightUnit)) {
    errors['settings.weightUnit'] ??= 'must be lb, oz, kg or g';
  }
  if (sourceType === 'Bigcommerce' && lengthUnit && !/^(in|cm)$/.test(lengthUnit)) {
    errors['settings.lengthUnit'] ??= 'must be in or cm';
  }
  const { ordersApiVersion } = values.settings;
  if (sourceType === 'AmazonSP' && ordersApiVersion && !/^(v0|2026-01-01)$/.test(ordersApiVersion)) {
    errors['settings.ordersApiVersion'] ??= 'must be 2026-01-01 or v0';
  }
  return errors;
}

/** Drops empty values: an empty optional field means "not set". */
export function withoutEmpty(values: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => v !== ''));
}

const DEFAULT_CODES: Record<SourceType, string> = {
  Shopify: 'SHP',
  Bigcommerce: 'BC',
  Ebay: 'EBY',
  AmazonSP: 'AMZ',
  Walmart: 'WMT',
  Magento: 'MAG',
  Wholesale: 'WHL',
};

export function defaultCustomerOrderCode(sourceType: SourceType): string {
  return DEFAULT_CODES[sourceType];
}

/** An order number as this store's customers see it: the code, a dash, the channel's number without its '#'. */
export function customerOrderNumber(code: string, orderNumber: string): string {
  const bare = orderNumber.replace(/^#/, '');
  return code ? `${code}-${bare}` : bare;
}
