import Type from 'typebox';
import type { SourceType } from './enums.ts';
import { ID_PATTERN } from './ids.ts';
import { literalUnion, Nullable, schema } from './schema-kit.ts';

/**
 * What buyers are told (docs/buyer-notices.md): per store (`storeKey`: a store's id, or `manual` for orders typed by
 * hand), a shipped e-mail (with the public tracking link) and a delivered e-mail, each on or off, with the seller's
 * templates, sender name, reply-to and logo. Sent once per label and kind by the product's mailer.
 */

const BUYER_NOTICE_KINDS = ['shipped', 'delivered'] as const;
export type BuyerNoticeKind = (typeof BUYER_NOTICE_KINDS)[number];

/** The store key of orders typed by hand (they have no store). */
export const MANUAL_STORE_KEY = 'manual';
export const STORE_KEY_PATTERN = `^(${MANUAL_STORE_KEY}|${ID_PATTERN.replace(/^\^|\$$/g, '')})$`;

/** The variables a subject or body may use, written `{{name}}`. */
export const BUYER_NOTICE_VARIABLES = [
  'buyer_name',
  'order_number',
  'store_name',
  'carrier',
  'service',
  'tracking_number',
  'tracking_url',
  'delivered_on',
] as const;
export type BuyerNoticeVariable = (typeof BUYER_NOTICE_VARIABLES)[number];

export const BUYER_NOTICE_VARIABLE_HINTS: Record<BuyerNoticeVariable, string> = {
  buyer_name: "The buyer's name",
  order_number: 'The order number',
  store_name: 'The store (or your company for manual orders)',
  carrier: 'The carrier',
  service: "The carrier's service",
  tracking_number: 'The tracking number',
  tracking_url: "The parcel's public tracking page",
  delivered_on: 'The day it was delivered (delivered e-mail)',
};

/** The `{{variable}}` names a template uses, in order, once each (unknown ones included, for the check). */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1]!))];
}

/**
 * Channels that e-mail their own buyers when an order is marked shipped with its tracking number: left to them
 * unless the seller sets `evenWhenChannelNotifies` (unconfirmed per channel and per store setup: docs/buyer-notices.md).
 */
export const CHANNEL_NOTIFIES_BUYERS: Record<SourceType | typeof MANUAL_STORE_KEY, boolean> = {
  Shopify: true,
  Bigcommerce: true,
  Ebay: true,
  AmazonSP: true,
  Walmart: true,
  Magento: false,
  Wholesale: false,
  manual: false,
};

/** The texts used when a subject or body is left empty (null). */
export const BUYER_NOTICE_DEFAULTS: Record<BuyerNoticeKind, { subject: string; body: string }> = {
  shipped: {
    subject: 'Your order {{order_number}} is on its way',
    body: [
      'Hello {{buyer_name}},',
      '',
      'Good news: your order {{order_number}} from {{store_name}} has shipped with {{carrier}} ({{service}}).',
      '',
      'Tracking number: {{tracking_number}}',
      'Follow your parcel: {{tracking_url}}',
      '',
      'Thank you for your order,',
      '{{store_name}}',
    ].join('\n'),
  },
  delivered: {
    subject: 'Your order {{order_number}} was delivered',
    body: [
      'Hello {{buyer_name}},',
      '',
      '{{carrier}} delivered your order {{order_number}} on {{delivered_on}}.',
      '',
      'If anything is not right, just reply to this e-mail.',
      'Parcel details: {{tracking_url}}',
      '',
      'Thank you for shopping with {{store_name}}',
    ].join('\n'),
  },
};

const BUYER_NOTICE_SUBJECT_MAX = 200;
const BUYER_NOTICE_BODY_MAX = 5000;

const Subject = Nullable(Type.String({ maxLength: BUYER_NOTICE_SUBJECT_MAX }));
const Body = Nullable(Type.String({ maxLength: BUYER_NOTICE_BODY_MAX }));

/** `PUT /call/buyerNotices/settings/{storeKey}`: null subjects and bodies take the defaults. */
export const BuyerNoticeSettingsInputSchema = Type.Object(
  {
    shippedEnabled: Type.Boolean(),
    deliveredEnabled: Type.Boolean(),
    /** Also e-mail the buyers of a channel that e-mails them itself. */
    evenWhenChannelNotifies: Type.Boolean(),
    shippedSubject: Subject,
    shippedBody: Body,
    deliveredSubject: Subject,
    deliveredBody: Body,
    /** The From display name (default: the store's name). */
    senderName: Nullable(Type.String({ maxLength: 100 })),
    replyTo: Nullable(Type.String({ maxLength: 254 })),
    /** An https image shown at the top of the HTML e-mail. */
    logoUrl: Nullable(Type.String({ maxLength: 1000 })),
    /**
     * The `updatedAt` the edit started from (null: never saved): 409 `stale_version` when someone saved since. Left
     * out, the save goes through whatever changed.
     */
    expectedUpdatedAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  },
  { additionalProperties: false },
);
export type BuyerNoticeSettingsInput = Type.Static<typeof BuyerNoticeSettingsInputSchema>;

/** The input's fields as they are saved (without the edit's guard). */
function savedProperties() {
  const { expectedUpdatedAt: _guard, ...saved } = BuyerNoticeSettingsInputSchema.properties;
  return saved;
}

export const BuyerNoticeSettingsSchema = schema(() =>
  Type.Object({
    storeKey: Type.String(),
    /** The store's name, or "Manual orders". */
    storeName: Type.String(),
    sourceType: Type.String({ description: 'the channel, or manual' }),
    /** Whether the store's channel e-mails its buyers itself (CHANNEL_NOTIFIES_BUYERS). */
    channelNotifies: Type.Boolean(),
    ...savedProperties(),
    updatedAt: Nullable(Type.String({ format: 'date-time' })),
    updatedBy: Nullable(Type.String()),
  }),
);
export type BuyerNoticeSettings = Type.Static<typeof BuyerNoticeSettingsSchema>;

export const BuyerNoticeSettingsListSchema = schema(() => Type.Array(BuyerNoticeSettingsSchema));

/** `POST /call/buyerNotices/preview`: a template rendered with one of the tenant's orders, or sample values. */
export const BuyerNoticePreviewRequestSchema = schema(() =>
  Type.Object(
    {
      kind: literalUnion(BUYER_NOTICE_KINDS),
      /** The store whose name the samples use (default: manual orders). */
      storeKey: Type.Optional(Type.String({ pattern: STORE_KEY_PATTERN })),
      subject: Subject,
      body: Body,
      senderName: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
      logoUrl: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
      orderId: Type.Optional(Type.String({ pattern: ID_PATTERN })),
    },
    { additionalProperties: false },
  ),
);
export type BuyerNoticePreviewRequest = Type.Static<typeof BuyerNoticePreviewRequestSchema>;

export const BuyerNoticePreviewSchema = Type.Object({
  /** The From display name it goes with. */
  from: Type.String(),
  subject: Type.String(),
  text: Type.String(),
  /** The HTML e-mail; every value in it is escaped. */
  html: Type.String(),
  /** Whether the values are a real order's or samples. */
  sample: Type.Boolean(),
});
export type BuyerNoticePreview = Type.Static<typeof BuyerNoticePreviewSchema>;
