import {
  DEFAULT_CURRENCY,
  addressRuleProblems,
  computeTotals,
  linesSubtotal,
  type AddressInput,
  type CreateOrder,
  type OrderLineInput,
  type TotalsField,
  parseMoney,
} from '@shipdesk/contract';
import { COUNTRY_CODE_PATTERN, EMAIL_PATTERN } from '@/lib/validation';
import { optionalMoney } from '@/lib/format/money-input';

/** The add-order form as typed (amounts and quantities are text until they are parsed). */
export interface AddressFormValues {
  name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
  email: string;
}

interface LineFormValues {
  sku: string;
  name: string;
  quantity: string;
  unitPrice: string;
}

export interface OrderFormValues {
  orderNumber: string;
  currency: string;
  customerName: string;
  customerEmail: string;
  requestedShippingMethod: string;
  shippingTotal: string;
  taxTotal: string;
  discountTotal: string;
  lines: LineFormValues[];
  shippingAddress: AddressFormValues;
  billingSameAsShipping: boolean;
  billingAddress: AddressFormValues;
}

export const MAX_LINES = 500;

export const emptyAddress = (country = 'US'): AddressFormValues => ({
  name: '',
  company: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  postalCode: '',
  country,
  phone: '',
  email: '',
});

export const emptyLine = (): LineFormValues => ({ sku: '', name: '', quantity: '1', unitPrice: '' });

export function defaultOrderForm(currency: string): OrderFormValues {
  return {
    orderNumber: '',
    currency,
    customerName: '',
    customerEmail: '',
    requestedShippingMethod: '',
    shippingTotal: '',
    taxTotal: '',
    discountTotal: '',
    lines: [emptyLine()],
    shippingAddress: emptyAddress(),
    billingSameAsShipping: true,
    billingAddress: emptyAddress(),
  };
}

type Messages = Record<string, string>;

function text(out: Messages, path: string, value: string, label: string, max: number, required = false) {
  const trimmed = value.trim();
  if (!trimmed) {
    if (required) out[path] = `${label} is required`;
    return;
  }
  if (trimmed.length > max) out[path] = `${label} must be at most ${max} characters`;
}

function email(out: Messages, path: string, value: string) {
  const trimmed = value.trim();
  if (!trimmed) return;
  if (trimmed.length > 254 || !EMAIL_PATTERN.test(trimmed)) out[path] = 'Enter a valid e-mail address';
}

/** The address rules of the contract (AddressInputSchema, addressRuleProblems), as messages per field under `prefix`. */
export function validateAddress(address: AddressFormValues, prefix: string, out: Messages = {}): Messages {
  const at = (field: string) => (prefix ? `${prefix}.${field}` : field);
  text(out, at('name'), address.name, 'Name', 200, true);
  text(out, at('company'), address.company, 'Company', 200);
  text(out, at('address1'), address.address1, 'Address', 200, true);
  text(out, at('address2'), address.address2, 'Address line 2', 200);
  text(out, at('city'), address.city, 'City', 100, true);
  text(out, at('state'), address.state, 'State', 100);
  text(out, at('postalCode'), address.postalCode, 'Postal code', 20);
  text(out, at('phone'), address.phone, 'Phone', 40);
  email(out, at('email'), address.email);
  const country = address.country.trim().toUpperCase();
  if (!country) out[at('country')] = 'Country is required';
  else if (!COUNTRY_CODE_PATTERN.test(country)) out[at('country')] = 'Use the 2-letter country code, e.g. US';
  // The country's rules (the server's too): a state and a postal code where carriers need them, in its format.
  const problems = addressRuleProblems({ country, state: address.state, postalCode: address.postalCode });
  if (problems.state && !out[at('state')]) out[at('state')] = `State ${problems.state}`;
  if (problems.postalCode && !out[at('postalCode')]) out[at('postalCode')] = `Postal code ${problems.postalCode}`;
  return out;
}

function money(out: Messages, path: string, value: string, currency: string, required: boolean) {
  if (!required && value.trim() === '') return;
  const parsed = parseMoney(value, currency);
  if (!parsed.ok) out[path] = parsed.message;
}

function quantity(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The currency the typed amounts are read in: the form's once it is a 3-letter code, else the default. */
export function amountCurrency(currency: string | undefined): string {
  return currency !== undefined && /^[A-Z]{3}$/.test(currency) ? currency : DEFAULT_CURRENCY;
}

interface ParsedLine {
  quantity: number;
  unitPrice: number;
}

/** A line's quantity and unit price (an empty price is 0), or null while either does not parse. */
export function parseLine(line: Partial<LineFormValues> | undefined, currency: string): ParsedLine | null {
  const qty = quantity(line?.quantity ?? '');
  const price = optionalMoney(line?.unitPrice, currency);
  return qty === null || price === null ? null : { quantity: qty, unitPrice: price };
}

interface OrderTotals {
  subtotal: number | null;
  shipping: number | null;
  tax: number | null;
  discount: number | null;
  total: number | null;
  /** The contract's refusals of these totals, by field (none while a part does not parse). */
  refused: Partial<Record<TotalsField, string>>;
}

/**
 * The contract's totals of the form, live as it is typed; a part that does not parse yet is null (and so is the
 * total). A refused total is still shown (a discount above the order makes it negative).
 */
export function formTotals(
  values: Pick<OrderFormValues, 'lines' | 'shippingTotal' | 'taxTotal' | 'discountTotal' | 'currency'>,
): OrderTotals {
  const currency = values.currency;
  const parsed = values.lines.map((line) => parseLine(line, currency));
  const lines = parsed.every((line): line is ParsedLine => line !== null) ? parsed : null;
  const shipping = optionalMoney(values.shippingTotal, currency);
  const tax = optionalMoney(values.taxTotal, currency);
  const discount = optionalMoney(values.discountTotal, currency);
  const subtotal = lines === null ? null : linesSubtotal(lines);
  if (lines === null || shipping === null || tax === null || discount === null) {
    return { subtotal, shipping, tax, discount, total: null, refused: {} };
  }
  const result = computeTotals({ lines, shippingTotal: shipping, taxTotal: tax, discountTotal: discount });
  return { subtotal, shipping, tax, discount, total: result.totals.total, refused: result.ok ? {} : result.errors };
}

/** The form's words for the contract's refusals, under the discount, which stands beside the total. */
const TOTALS_REFUSALS: Record<TotalsField, string> = {
  discountTotal: 'The discount is larger than the order',
  lines: 'The order total is too large',
};

/** Every rule of CreateOrderSchema, as field path -> message (empty when the form can be sent). */
export function validateOrderForm(values: OrderFormValues): Messages {
  const out: Messages = {};
  const currency = values.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) out.currency = 'Use a 3-letter currency code, e.g. USD';
  const moneyCurrency = out.currency ? DEFAULT_CURRENCY : currency;
  text(out, 'orderNumber', values.orderNumber, 'Order number', 50);
  text(out, 'customerName', values.customerName, 'Customer name', 200);
  email(out, 'customerEmail', values.customerEmail);
  text(out, 'requestedShippingMethod', values.requestedShippingMethod, 'Shipping method', 200);
  money(out, 'shippingTotal', values.shippingTotal, moneyCurrency, false);
  money(out, 'taxTotal', values.taxTotal, moneyCurrency, false);
  money(out, 'discountTotal', values.discountTotal, moneyCurrency, false);
  if (values.lines.length === 0) out.lines = 'Add at least one item';
  if (values.lines.length > MAX_LINES) out.lines = `An order holds at most ${MAX_LINES} items`;
  values.lines.forEach((line, index) => {
    const at = (field: string) => `lines.${index}.${field}`;
    text(out, at('sku'), line.sku, 'SKU', 100, true);
    text(out, at('name'), line.name, 'Item name', 300, true);
    const qty = quantity(line.quantity);
    if (line.quantity.trim() === '') out[at('quantity')] = 'Quantity is required';
    else if (qty === null || qty < 1) out[at('quantity')] = 'Enter a whole number of at least 1';
    else if (qty > 100_000) out[at('quantity')] = 'At most 100000';
    money(out, at('unitPrice'), line.unitPrice, moneyCurrency, true);
  });
  validateAddress(values.shippingAddress, 'shippingAddress', out);
  if (!values.billingSameAsShipping) validateAddress(values.billingAddress, 'billingAddress', out);
  const { refused } = formTotals({ ...values, currency: moneyCurrency });
  for (const field of Object.keys(refused) as TotalsField[]) out.discountTotal = TOTALS_REFUSALS[field];
  return out;
}

/** The form's field paths (for placing the server's `errors` on them). */
export function orderFieldPaths(values: OrderFormValues): string[] {
  const addressFields = Object.keys(emptyAddress());
  return [
    'orderNumber',
    'currency',
    'customerName',
    'customerEmail',
    'requestedShippingMethod',
    'shippingTotal',
    'taxTotal',
    'discountTotal',
    ...values.lines.flatMap((_, i) => ['sku', 'name', 'quantity', 'unitPrice'].map((f) => `lines.${i}.${f}`)),
    ...addressFields.map((f) => `shippingAddress.${f}`),
    ...(values.billingSameAsShipping ? [] : addressFields.map((f) => `billingAddress.${f}`)),
  ];
}

function optional(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The contract's AddressInput from the typed address: empty optional fields are left out. */
export function toAddressInput(address: AddressFormValues): AddressInput {
  const out: AddressInput = {
    name: address.name.trim(),
    address1: address.address1.trim(),
    city: address.city.trim(),
    country: address.country.trim().toUpperCase(),
  };
  for (const field of ['company', 'address2', 'state', 'postalCode', 'phone', 'email'] as const) {
    const value = optional(address[field]);
    if (value !== undefined) out[field] = value;
  }
  return out;
}

/** The body of POST /api/v1/store/1/orders for a valid form (validateOrderForm returned nothing). */
export function toCreateOrder(values: OrderFormValues): CreateOrder {
  const currency = values.currency.trim().toUpperCase();
  const minor = (text: string) => {
    const parsed = parseMoney(text, currency);
    if (!parsed.ok) throw new Error(`invalid amount '${text}'`);
    return parsed.minor;
  };
  const lines: OrderLineInput[] = values.lines.map((line) => ({
    sku: line.sku.trim(),
    name: line.name.trim(),
    quantity: Number(line.quantity.trim()),
    unitPrice: minor(line.unitPrice),
  }));
  const shippingAddress = toAddressInput(values.shippingAddress);
  const body: CreateOrder = {
    currency,
    lines,
    shippingAddress,
    billingAddress: values.billingSameAsShipping ? { ...shippingAddress } : toAddressInput(values.billingAddress),
  };
  const orderNumber = optional(values.orderNumber);
  if (orderNumber) body.orderNumber = orderNumber;
  const customerName = optional(values.customerName);
  if (customerName) body.customerName = customerName;
  const customerEmail = optional(values.customerEmail);
  if (customerEmail) body.customerEmail = customerEmail;
  const method = optional(values.requestedShippingMethod);
  if (method) body.requestedShippingMethod = method;
  if (values.shippingTotal.trim()) body.shippingTotal = minor(values.shippingTotal);
  if (values.taxTotal.trim()) body.taxTotal = minor(values.taxTotal);
  if (values.discountTotal.trim()) body.discountTotal = minor(values.discountTotal);
  return body;
}
