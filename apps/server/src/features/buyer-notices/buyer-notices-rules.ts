import {
  BUYER_NOTICE_DEFAULTS,
  BUYER_NOTICE_VARIABLES,
  templateVariables,
  type BuyerNoticeKind,
  type BuyerNoticeSettingsInput,
  type BuyerNoticeVariable,
} from '@shipdesk/contract';

/** Pure rules of the buyer e-mails (docs/buyer-notices.md): the settings' checks and the templates' rendering. */

export type NoticeValues = Record<BuyerNoticeVariable, string>;

/** The values a preview shows when no order is given (or the tenant has none with a label). */
export const SAMPLE_VALUES: NoticeValues = {
  buyer_name: 'Ada Lovelace',
  order_number: '1042',
  store_name: 'Northloop Goods',
  carrier: 'USPS',
  service: 'Ground Advantage',
  tracking_number: '9400111899223344556677',
  tracking_url: 'https://example.com/t/sample',
  delivered_on: 'December 3, 2026',
};

const KNOWN = new Set<string>(BUYER_NOTICE_VARIABLES);
const EMAIL = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

/** Field errors of a store's settings (empty when they may be saved): unknown variables, reply-to, logo URL. */
export function settingsErrors(input: BuyerNoticeSettingsInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const templates = ['shippedSubject', 'shippedBody', 'deliveredSubject', 'deliveredBody'] as const;
  for (const field of templates) {
    const unknown = templateVariables(input[field] ?? '').filter((name) => !KNOWN.has(name));
    if (unknown.length > 0) {
      errors[field] =
        `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `{{${n}}}`).join(', ')}: ` +
        `use ${BUYER_NOTICE_VARIABLES.map((n) => `{{${n}}}`).join(', ')}`;
    }
  }
  if (input.replyTo !== null && input.replyTo.trim() !== '' && !EMAIL.test(input.replyTo.trim())) {
    errors.replyTo = 'Enter an e-mail address for replies';
  }
  if (input.logoUrl !== null && input.logoUrl.trim() !== '') {
    const url = URL.canParse(input.logoUrl.trim()) ? new URL(input.logoUrl.trim()) : null;
    if (!url || url.protocol !== 'https:') errors.logoUrl = 'The logo must be an https:// address';
  }
  if (input.senderName !== null && /[\r\n<>"]/.test(input.senderName)) {
    errors.senderName = 'The sender name cannot hold line breaks, quotes or angle brackets';
  }
  return errors;
}

/** Blank texts are stored as null (the default is used). */
export const blankToNull = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());

const fill = (template: string, values: NoticeValues, escape: (s: string) => string) =>
  template.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, name: string) =>
    KNOWN.has(name) ? escape(values[name as BuyerNoticeVariable]) : whole,
  );

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface RenderedNotice {
  subject: string;
  text: string;
  html: string;
}

/**
 * A notice's subject, text and HTML. The HTML is built from the text after the values are put in and the whole is
 * escaped, so neither a template nor a buyer's name can add markup; the tracking link becomes a link.
 */
export function renderNotice(
  kind: BuyerNoticeKind,
  templates: { subject: string | null; body: string | null },
  values: NoticeValues,
  brand: { logoUrl: string | null; senderName: string },
): RenderedNotice {
  const subject = fill(templates.subject ?? BUYER_NOTICE_DEFAULTS[kind].subject, values, (s) => s).replace(
    /[\r\n]+/g,
    ' ',
  );
  const text = fill(templates.body ?? BUYER_NOTICE_DEFAULTS[kind].body, values, (s) => s);
  const url = values.tracking_url;
  const paragraphs = escapeHtml(text)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const linked = url
    ? paragraphs.split(escapeHtml(url)).join(`<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)
    : paragraphs;
  const logo = brand.logoUrl
    ? `<p><img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.senderName)}" style="max-height:64px"></p>\n`
    : '';
  const html =
    `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#222">\n` +
    `${logo}${linked}\n</body></html>`;
  return { subject, text, html };
}
