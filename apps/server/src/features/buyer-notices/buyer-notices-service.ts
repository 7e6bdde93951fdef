import {
  CHANNEL_NOTIFIES_BUYERS,
  MANUAL_STORE_KEY,
  type BuyerNoticePreview,
  type BuyerNoticePreviewRequest,
  type BuyerNoticeSettings,
  type BuyerNoticeSettingsInput,
} from '@shipdesk/contract';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import { parseId } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { findOrder } from '../orders/index.ts';
import { noticeValues, senderNameOf, type TrackingLinks } from './buyer-notice-send.ts';
import { createBuyerNoticesRepository, type SettingsRow } from './buyer-notices-repository.ts';
import { blankToNull, renderNotice, SAMPLE_VALUES, settingsErrors } from './buyer-notices-rules.ts';

const repo = createBuyerNoticesRepository();

const OFF: BuyerNoticeSettingsInput = {
  shippedEnabled: false,
  deliveredEnabled: false,
  evenWhenChannelNotifies: false,
  shippedSubject: null,
  shippedBody: null,
  deliveredSubject: null,
  deliveredBody: null,
  senderName: null,
  replyTo: null,
  logoUrl: null,
};

interface StoreOfKey {
  storeKey: string;
  storeName: string;
  sourceType: string;
}

function toSettings(store: StoreOfKey, row: SettingsRow | undefined): BuyerNoticeSettings {
  const values: BuyerNoticeSettingsInput = row
    ? {
        shippedEnabled: row.shippedEnabled,
        deliveredEnabled: row.deliveredEnabled,
        evenWhenChannelNotifies: row.evenWhenChannelNotifies,
        shippedSubject: row.shippedSubject,
        shippedBody: row.shippedBody,
        deliveredSubject: row.deliveredSubject,
        deliveredBody: row.deliveredBody,
        senderName: row.senderName,
        replyTo: row.replyTo,
        logoUrl: row.logoUrl,
      }
    : OFF;
  return {
    ...store,
    channelNotifies: CHANNEL_NOTIFIES_BUYERS[store.sourceType as keyof typeof CHANNEL_NOTIFIES_BUYERS] ?? false,
    ...values,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  };
}

/** The tenant's store keys: "manual" first, then each store. */
async function storesOf(tx: Executor, tenantId: string): Promise<StoreOfKey[]> {
  const manual = { storeKey: MANUAL_STORE_KEY, storeName: 'Manual orders', sourceType: MANUAL_STORE_KEY };
  const stores = await repo.stores(tx, tenantId);
  return [manual, ...stores.map((s) => ({ storeKey: String(s.id), storeName: s.name, sourceType: s.sourceType }))];
}

/** One key of the tenant's (404 for another tenant's store or none). */
async function storeOf(tx: Executor, tenantId: string, storeKey: string): Promise<StoreOfKey> {
  const store = (await storesOf(tx, tenantId)).find((s) => s.storeKey === storeKey);
  if (!store) throw notFound('Store not found');
  return store;
}

/** Settings and previews of the buyer e-mails (docs/buyer-notices.md). */
export function createBuyerNotices(deps: { database: Database; links: TrackingLinks }) {
  const { database } = deps;

  /** `GET /call/buyerNotices/settings`: every store of the tenant, with its settings (off when never set). */
  function list(auth: AuthContext): Promise<BuyerNoticeSettings[]> {
    return database.withTenant(
      auth.tenantId,
      async (tx) => {
        const rows = new Map((await repo.settings(tx, auth.tenantId)).map((r) => [r.storeKey, r]));
        return (await storesOf(tx, auth.tenantId)).map((s) => toSettings(s, rows.get(s.storeKey)));
      },
      { readOnly: true },
    );
  }

  /**
   * The edit started from `expected` (an `updatedAt`, null: never saved) or it is refused, 409 `stale_version`. The row
   * is locked until the save commits; a first save races on the row's key instead (the second insert finds the first).
   */
  async function checkNotStale(tx: Executor, tenantId: string, storeKey: string, expected: string | null) {
    const current = await repo.setting(tx, tenantId, storeKey, { lock: true });
    const savedAt = current?.updatedAt.getTime() ?? null;
    if (savedAt !== (expected === null ? null : Date.parse(expected))) stale(current?.updatedBy);
  }

  function stale(by: string | null | undefined): never {
    throw new HttpError(
      409,
      `These e-mails were saved by ${by ?? 'someone else'} since you opened them; reload and apply your changes again`,
      { reason: 'stale_version' },
    );
  }

  /** `PUT /call/buyerNotices/settings/{storeKey}` (Admin): the whole settings of one store. */
  async function save(auth: AuthContext, storeKey: string, input: BuyerNoticeSettingsInput) {
    const errors = settingsErrors(input);
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    return database.withTenant(auth.tenantId, async (tx) => {
      const store = await storeOf(tx, auth.tenantId, storeKey);
      if (input.expectedUpdatedAt !== undefined)
        await checkNotStale(tx, auth.tenantId, storeKey, input.expectedUpdatedAt);
      const saved = await repo.saveSetting(tx, auth.tenantId, storeKey, {
        shippedEnabled: input.shippedEnabled,
        deliveredEnabled: input.deliveredEnabled,
        evenWhenChannelNotifies: input.evenWhenChannelNotifies,
        shippedSubject: blankToNull(input.shippedSubject),
        shippedBody: blankToNull(input.shippedBody),
        deliveredSubject: blankToNull(input.deliveredSubject),
        deliveredBody: blankToNull(input.deliveredBody),
        senderName: blankToNull(input.senderName),
        replyTo: blankToNull(input.replyTo),
        logoUrl: blankToNull(input.logoUrl),
        updatedAt: new Date(),
        updatedBy: auth.email,
        // A first save that expected none must not overwrite one made meanwhile.
        onlyNew: input.expectedUpdatedAt === null,
      });
      return toSettings(store, saved ?? stale(undefined));
    });
  }

  /**
   * `POST /call/buyerNotices/preview`: the templates given rendered with the named order's newest label (404 when the
   * order is not the tenant's; its own number and buyer with sample parcel values before it has a label), else with
   * the tenant's newest label, else with sample values.
   */
  async function preview(auth: AuthContext, request: BuyerNoticePreviewRequest): Promise<BuyerNoticePreview> {
    const errors = settingsErrors({
      ...OFF,
      [`${request.kind}Subject`]: request.subject,
      [`${request.kind}Body`]: request.body,
      logoUrl: request.logoUrl ?? null,
    });
    if (Object.keys(errors).length > 0) throw badRequest(errors);
    const { tenantId } = auth;
    // Read-write: the preview of a real order's label makes its tracking page token, as its e-mail would.
    return database.withTenant(tenantId, async (tx) => {
      const store = await storeOf(tx, tenantId, request.storeKey ?? MANUAL_STORE_KEY);
      const orderId = request.orderId === undefined ? null : parseId(request.orderId);
      const order = orderId === null ? null : await findOrder(tx, tenantId, orderId);
      if (orderId !== null && !order) throw notFound('Order not found');
      const labelId = await repo.latestLabel(tx, tenantId, orderId);
      const label = labelId === undefined ? undefined : await repo.label(tx, tenantId, labelId);
      const sample = {
        ...SAMPLE_VALUES,
        store_name:
          store.storeKey === MANUAL_STORE_KEY
            ? ((await repo.tenantName(tx, tenantId)) ?? (request.senderName?.trim() || SAMPLE_VALUES.store_name))
            : store.storeName,
        // An order without a label yet: its own number and buyer, the parcel's values are samples.
        ...(order
          ? { order_number: order.orderNumber, buyer_name: order.customerName ?? SAMPLE_VALUES.buyer_name }
          : {}),
      };
      const values = label ? await noticeValues(tx, tenantId, label, deps.links, request.senderName ?? null) : sample;
      const senderName = senderNameOf({ senderName: request.senderName ?? null }, values);
      const rendered = renderNotice(request.kind, { subject: request.subject, body: request.body }, values, {
        logoUrl: blankToNull(request.logoUrl ?? null),
        senderName,
      });
      return { from: senderName, ...rendered, sample: !label };
    });
  }

  return { list, save, preview };
}
export type BuyerNotices = ReturnType<typeof createBuyerNotices>;
