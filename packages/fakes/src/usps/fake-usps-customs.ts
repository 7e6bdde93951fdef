import type { UspsCustomsForm } from './fake-usps-international-wire.ts';
import type { UspsErrorDetail } from './fake-usps-wire.ts';

/**
 * The customs form as the fake USPS checks and prints it (../shared/integrations-shipping.md §1.0, §1.1): refused as
 * USPS refuses it (a missing form, an unknown content type, no lines or more than 30, a placeholder description, an
 * HS tariff number that is not 6 to 14 digits, a country of origin that is not two letters, no AESITN, OTHER without
 * comments, a line without value), and the declaration drawn as lines of text: the first five on the label, the rest
 * on a continuation page of the same image.
 */

const CONTENT_TYPES = [
  'MERCHANDISE',
  'GIFT',
  'DOCUMENT',
  'COMMERCIAL_SAMPLE',
  'RETURNED_GOODS',
  'OTHER',
  'HUMANITARIAN_DONATIONS',
  'DANGEROUS_GOODS',
  'CREMATED_REMAINS',
  'NON_NEGOTIABLE_DOCUMENT',
  'MEDICAL_SUPPLIES',
  'PHARMACEUTICALS',
];
/** Domestic Labels (military and territory addresses) take the first eight. */
const DOMESTIC_CONTENT_TYPES = CONTENT_TYPES.slice(0, 8);
const MAX_LINES = 30;
const PLACEHOLDER = /^(none|n\/?a|na)$/i;
/** The lines of the declaration printed on the label itself; the rest go on the continuation page. */
export const LABEL_CUSTOMS_LINES = 5;

const refusal = (code: string, title: string, detail: string, parameter: string): UspsErrorDetail => ({
  code,
  title,
  detail,
  source: { parameter },
});

/** Why USPS refuses this customs form; empty when it takes it. */
export function customsRefusals(
  form: UspsCustomsForm | undefined,
  scope: 'international' | 'domestic',
): UspsErrorDetail[] {
  if (!form || typeof form !== 'object') {
    return [refusal('MISSING_CUSTOMS_FORM', 'Missing customsForm', 'customsForm is required.', 'customsForm')];
  }
  const refusals: UspsErrorDetail[] = [];
  const types = scope === 'international' ? CONTENT_TYPES : DOMESTIC_CONTENT_TYPES;
  if (!types.includes(form.customsContentType ?? '')) {
    refusals.push(
      refusal(
        'INVALID_CUSTOMS_CONTENT_TYPE',
        'Invalid customsContentType',
        `customsContentType ${form.customsContentType ?? '(none)'} is not one of ${types.join(', ')}.`,
        'customsForm.customsContentType',
      ),
    );
  }
  if (form.customsContentType === 'OTHER' && !form.contentComments?.trim()) {
    refusals.push(
      refusal(
        'MISSING_CONTENT_COMMENTS',
        'Missing contentComments',
        'contentComments is required when customsContentType is OTHER.',
        'customsForm.contentComments',
      ),
    );
  }
  if (scope === 'international' && !form.AESITN?.trim()) {
    refusals.push(
      refusal(
        'MISSING_AESITN',
        'Missing AESITN',
        'AESITN is required: the AES ITN or an exemption.',
        'customsForm.AESITN',
      ),
    );
  } else if (form.AESITN && form.AESITN.length > 35) {
    refusals.push(
      refusal('INVALID_AESITN', 'Invalid AESITN', 'AESITN is at most 35 characters.', 'customsForm.AESITN'),
    );
  }
  if (form.invoiceNumber !== undefined && form.invoiceNumber.length > 15) {
    refusals.push(
      refusal(
        'INVALID_INVOICE_NUMBER',
        'Invalid invoiceNumber',
        'invoiceNumber is at most 15 characters.',
        'customsForm.invoiceNumber',
      ),
    );
  }
  const contents = Array.isArray(form.contents) ? form.contents : [];
  if (contents.length === 0 || contents.length > MAX_LINES) {
    refusals.push(
      refusal(
        'INVALID_CONTENTS',
        'Invalid contents',
        `contents must have 1 to ${MAX_LINES} items.`,
        'customsForm.contents',
      ),
    );
  }
  contents.slice(0, MAX_LINES).forEach((item, index) => {
    const at = (field: string) => `customsForm.contents[${index}].${field}`;
    const description = (item.itemDescription ?? '').trim();
    if (!description || PLACEHOLDER.test(description) || description.length > 30) {
      refusals.push(
        refusal(
          'INVALID_ITEM_DESCRIPTION',
          'Invalid itemDescription',
          `itemDescription "${description}" is not accepted: describe the item in 1 to 30 characters.`,
          at('itemDescription'),
        ),
      );
    }
    if (!Number.isInteger(item.itemQuantity) || item.itemQuantity! < 1 || item.itemQuantity! > 9999) {
      refusals.push(
        refusal('INVALID_ITEM_QUANTITY', 'Invalid itemQuantity', 'itemQuantity must be 1 to 9999.', at('itemQuantity')),
      );
    }
    if (!(typeof item.itemTotalValue === 'number' && item.itemTotalValue > 0 && item.itemTotalValue <= 999_999.99)) {
      refusals.push(
        refusal(
          'INVALID_ITEM_VALUE',
          'Invalid itemTotalValue',
          'itemTotalValue must be 0.01 to 999999.99.',
          at('itemTotalValue'),
        ),
      );
    }
    if (!(typeof item.itemTotalWeight === 'number' && item.itemTotalWeight > 0) || item.weightUOM !== 'lb') {
      refusals.push(
        refusal(
          'INVALID_ITEM_WEIGHT',
          'Invalid itemTotalWeight',
          'itemTotalWeight in weightUOM lb is required.',
          at('itemTotalWeight'),
        ),
      );
    }
    if (item.HSTariffNumber !== undefined && !/^\d{6,14}$/.test(item.HSTariffNumber)) {
      refusals.push(
        refusal(
          'INVALID_HS_TARIFF_NUMBER',
          'Invalid HSTariffNumber',
          `HSTariffNumber ${item.HSTariffNumber} must be 6 to 14 digits.`,
          at('HSTariffNumber'),
        ),
      );
    }
    if (scope === 'international' && !/^[A-Z]{2}$/.test(item.countryofOrigin ?? '')) {
      refusals.push(
        refusal(
          'INVALID_COUNTRY_OF_ORIGIN',
          'Invalid countryofOrigin',
          `countryofOrigin ${item.countryofOrigin ?? '(none)'} must be a two-letter country code.`,
          at('countryofOrigin'),
        ),
      );
    }
  });
  return refusals;
}

const money = (value: number) => value.toFixed(2);

/** The total value the form declares, in dollars. */
const declaredValue = (form: UspsCustomsForm): number =>
  Math.round((form.contents ?? []).reduce((sum, item) => sum + (item.itemTotalValue ?? 0), 0) * 100) / 100;

/** CN 22 (PS 2976) for First-Class Package International up to $400, else CN 23 (PS 2976-A). */
function customsFormTitle(mailClass: string | undefined, form: UspsCustomsForm): string {
  const cn22 = mailClass === 'FIRST-CLASS_PACKAGE_INTERNATIONAL_SERVICE' && declaredValue(form) <= 400;
  return cn22 ? 'CN 22 CUSTOMS DECLARATION (PS 2976)' : 'CN 23 CUSTOMS DECLARATION (PS 2976-A)';
}

/** The declaration as printed: its header, then one line per content line. */
export function customsLines(
  mailClass: string | undefined,
  form: UspsCustomsForm,
): { header: string[]; items: string[] } {
  const category = form.contentComments
    ? `${form.customsContentType}: ${form.contentComments}`
    : form.customsContentType;
  const header = [
    customsFormTitle(mailClass, form),
    `Category: ${category ?? ''}`,
    `AES/ITN: ${form.AESITN ?? ''}${form.invoiceNumber ? `  Invoice: ${form.invoiceNumber}` : ''}`,
    `Total value: ${money(declaredValue(form))} USD`,
  ];
  const items = (form.contents ?? []).map(
    (item) =>
      `${item.itemQuantity ?? 0} x ${item.itemDescription ?? ''}  ${money(item.itemTotalValue ?? 0)} USD  ${item.itemTotalWeight ?? 0} lb` +
      `${item.HSTariffNumber ? `  HS ${item.HSTariffNumber}` : ''}${item.countryofOrigin ? `  ${item.countryofOrigin}` : ''}`,
  );
  return { header, items };
}
